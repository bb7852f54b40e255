import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lastPrompt, useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { faqPage } from './pages.js';

const web = useSite({ '/help': { html: faqPage } });

describe('highlights format, offline engine', () => {
  const t = useOfflineTrawl();

  test('the passages about the query, verbatim and in page order, and none of the rest', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'highlights', query: 'delivery shipping cost' }] });
    const passages = (doc.highlights as string).split('\n\n');
    assert.deepEqual(passages.slice(0, 2), [
      'Standard shipping costs £4.95 and takes three to five working days. Orders over £60 ship free.',
      'Express delivery arrives the next working day for £9.50 when ordered before 2 pm.',
    ]);
    assert.ok(!(doc.highlights as string).includes('Waterproof jackets'), 'an unrelated passage is left out');
    assert.match(doc.warning!, /Highlights: no language model is configured/);
  });

  test('a query sharing no word with the page gives empty highlights and says why', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'highlights', query: 'quantum chromodynamics' }] });
    assert.equal(doc.highlights, '');
    assert.match(doc.warning!, /no passage of the page shares a word with the query/);
  });
});

describe('highlights format with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl(() => JSON.stringify({ highlights: ['You can return unworn items within 30 days for a full refund; return postage is on us.'] }));

  test('the model picks the passages; the query reaches it with the page', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'highlights', query: 'refund policy' }] });
    assert.equal(doc.highlights, 'You can return unworn items within 30 days for a full refund; return postage is on us.');
    assert.equal(doc.warning, undefined);
    const prompt = lastPrompt(t.llm);
    assert.match(prompt, /refund policy/);
    assert.match(prompt, /Standard shipping costs/);
  });
});
