import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const page = (price: string) =>
  `<html><head><title>Lobster pot</title></head><body><main><h1>Lobster pot</h1><p>Price: ${price}</p><p>Made of rope and willow.</p></main></body></html>`;

const SCHEMA = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'string' } } };

describe('changeTracking with both git-diff and json modes', () => {
  let s: TestServer;
  let site: Site;
  let price = '$40';

  before(async () => {
    site = await startSite({ '/pot': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(price)) });
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  const scrape = async (modes = ['git-diff', 'json'], path = '/pot') => {
    const r = await s.api('POST', '/v2/scrape', {
      url: site.url(path),
      formats: ['markdown', { type: 'changeTracking', modes, schema: SCHEMA }],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data.changeTracking;
  };

  test('new, then same for the unchanged page, then changed with both the diff and the json comparison', async () => {
    assert.equal((await scrape()).changeStatus, 'new');
    const same = await scrape();
    assert.equal(same.changeStatus, 'same', JSON.stringify(same));
    assert.equal(same.diff, undefined);

    price = '$55';
    const changed = await scrape();
    assert.equal(changed.changeStatus, 'changed', JSON.stringify(changed));
    assert.match(changed.diff.text, /-Price: \$40\n\+Price: \$55/);
    assert.deepEqual(changed.json.price, { previous: '$40', current: '$55' });
  });

  test('an unchanged page first tracked without json mode is still "same" once json mode joins', async () => {
    site.set('/net', { html: page('$12') });
    assert.equal((await scrape(['git-diff'], '/net')).changeStatus, 'new');
    const both = await scrape(['git-diff', 'json'], '/net');
    assert.equal(both.changeStatus, 'same', JSON.stringify(both));
    const jsonOnly = await scrape(['json'], '/net');
    assert.equal(jsonOnly.changeStatus, 'same', JSON.stringify(jsonOnly));
  });
});
