import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lastPrompt, useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { faqPage } from './pages.js';

const web = useSite({ '/help': { html: faqPage } });

describe('question and query formats, offline engine', () => {
  const t = useOfflineTrawl();

  test('question: the answer is the passage that answers it, and the warning says no model read the page', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'question', question: 'How much does standard shipping cost?' }] });
    assert.equal(doc.answer, 'Standard shipping costs £4.95 and takes three to five working days. Orders over £60 ship free.');
    assert.match(doc.warning!, /Answer: no language model is configured.*quoted as is/);
    assert.equal(doc.markdown, undefined, 'read for the answer, not returned');
  });

  test('query, the older name that firecrawl-cli and the MCP server send, answers in the same field', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: ['markdown', { type: 'query', prompt: 'Can I return items, and for how long?' }] });
    assert.match(doc.answer!, /^You can return unworn items within 30 days/);
    assert.match(doc.markdown!, /Express delivery/);
  });

  test('a question the page does not answer is said to be unanswered, not answered with noise', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/help'), formats: [{ type: 'question', question: 'Who won the 1966 World Cup?' }] });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.answer, 'The page does not say.');
    assert.match(res.body.data.warning, /no passage of the page shares a word with the question/);
  });

  test('a question without its text is refused with a readable reason', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/help'), formats: [{ type: 'question' }] });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /question/);
  });
});

describe('question and query formats with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl((req) => {
        const prompt = req.messages.map((m) => m.content).join('\n');
        if (/verbatim quote/.test(prompt)) return JSON.stringify({ answer: 'Orders over £60 ship free.' });
        return JSON.stringify({ answer: 'Standard delivery is £4.95; it is free on orders over £60.' });
      });

  test('the model answers from the page it was given', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'question', question: 'What does delivery cost?' }] });
    assert.equal(doc.answer, 'Standard delivery is £4.95; it is free on orders over £60.');
    assert.equal(doc.warning, undefined);
    const prompt = lastPrompt(t.llm);
    assert.match(prompt, /What does delivery cost\?/);
    assert.match(prompt, /Express delivery arrives the next working day/, 'the page reaches the model');
  });

  test('query with mode directQuote asks the model for a verbatim quote', async () => {
    const doc = await t.fc.scrape(web.site.url('/help'), { formats: [{ type: 'query', prompt: 'When is shipping free?', mode: 'directQuote' }] });
    assert.equal(doc.answer, 'Orders over £60 ship free.');
  });
});
