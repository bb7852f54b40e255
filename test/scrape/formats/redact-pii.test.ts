import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { personalPage } from './pages.js';

const web = useSite({ '/contact': { html: personalPage } });

const SECRETS = ['jane.doe@example.com', '7946 0958', '4111 1111 1111 1111', 'GB82 WEST', '123-45-6789', '221 Baker Street', 'NW1 6XE'];

describe('redactPII, offline rules', () => {
  const t = useOfflineTrawl();

  test('emails, phones, card, IBAN, ID number and address are tagged in markdown, html and json; dates, prices and references stay', async () => {
    const doc = await t.fc.scrape(web.site.url('/contact'), {
      formats: ['markdown', 'html', 'links', { type: 'json', prompt: 'contact', schema: { type: 'object', properties: { email: { type: 'string' } } } }],
      redactPII: true,
    });
    for (const text of [doc.markdown!, doc.html!, JSON.stringify(doc.json)]) {
      for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} is redacted in ${text.slice(0, 60)}`);
    }
    assert.match(doc.markdown!, /Write to Jane Doe at <EMAIL> or call <PHONE>\./);
    assert.match(doc.markdown!, /Pay to card <CREDIT_CARD> or IBAN <IBAN>\./);
    assert.match(doc.markdown!, /Her SSN is <ID_NUMBER> and she lives at <ADDRESS>/);
    assert.match(doc.markdown!, /Order 2024-05-01 cost £1,395.00 and reference 12345 is kept\./);
    assert.match(doc.html!, /&lt;EMAIL&gt;/, 'a tag in HTML is text, not markup');
    assert.match(doc.warning!, /people's names .* were not redacted/);
  });

  test('mask style keeps the length, entities restrict what is redacted', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/contact'), formats: ['markdown'], redactPII: { entities: ['EMAIL'], replaceStyle: 'mask', mode: 'fast' } });
    const md: string = res.body.data.markdown;
    assert.ok(md.includes('Write to Jane Doe at ******************** or call +44 20 7946 0958.'), md);
    assert.ok(md.includes('4111 1111 1111 1111'), 'FINANCIAL was not asked for');
  });

  test('a redacted scrape is never served to a plain request from cache, nor the reverse', async () => {
    const plain = await t.fc.scrape(web.site.url('/contact'), { formats: ['markdown'] });
    assert.ok(plain.markdown!.includes('jane.doe@example.com'));
    const redacted = await t.fc.scrape(web.site.url('/contact'), { formats: ['markdown'], redactPII: true });
    assert.ok(!redacted.markdown!.includes('jane.doe@example.com'));
    const again = await t.fc.scrape(web.site.url('/contact'), { formats: ['markdown'] });
    assert.ok(again.markdown!.includes('jane.doe@example.com'));
  });
});

describe('redactPII with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl(() => JSON.stringify({ people: ['Jane Doe'], locations: [] }));

  test("the model names the people; they are redacted everywhere, the title too", async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/contact'), formats: ['markdown'], redactPII: true });
    const doc = res.body.data;
    assert.match(doc.markdown, /Write to <PERSON> at <EMAIL>/);
    assert.equal(doc.metadata.title, 'Contact <PERSON>');
    assert.equal(doc.warning, undefined);
  });
});
