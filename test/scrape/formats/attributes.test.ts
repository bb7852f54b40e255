import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useOfflineTrawl, useSite } from './harness.js';
import { shopPage } from './pages.js';

const web = useSite({ '/boot': { html: shopPage } });

describe('attributes format', () => {
  const t = useOfflineTrawl();
  test('each selector gives the attribute of every element it matches, in page order', async () => {
    const doc = await t.fc.scrape(web.site.url('/boot'), {
      formats: [{ type: 'attributes', selectors: [
        { selector: '.gallery img', attribute: 'data-zoom' },
        { selector: 'a.review', attribute: 'data-rating' },
        { selector: 'link[rel=icon]', attribute: 'href' },
        { selector: '.missing', attribute: 'href' },
      ] }],
    });
    assert.deepEqual(doc.attributes, [
      { selector: '.gallery img', attribute: 'data-zoom', values: ['/img/boot-large.jpg', '/img/boot-black-large.jpg'] },
      { selector: 'a.review', attribute: 'data-rating', values: ['5', '4'] },
      { selector: 'link[rel=icon]', attribute: 'href', values: ['/favicon.ico'] },
      { selector: '.missing', attribute: 'href', values: [] },
    ]);
    assert.equal(doc.warning, undefined);
  });

  test('a selector that is not CSS gives no values and a warning naming it', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/boot'), formats: [{ type: 'attributes', selectors: [{ selector: 'a[[', attribute: 'href' }] }] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.attributes, [{ selector: 'a[[', attribute: 'href', values: [] }]);
    assert.match(res.body.data.warning, /"a\[\[" is not a CSS selector/);
  });

  test('selectors without an attribute are refused with a readable reason', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/boot'), formats: [{ type: 'attributes', selectors: [{ selector: 'a' }] }] });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /attribute/);
  });
});
