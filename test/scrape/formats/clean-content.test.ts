import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { clutteredPage } from './pages.js';

const web = useSite({ '/bread': { html: clutteredPage } });

describe('onlyCleanContent, offline rules', () => {
  const t = useOfflineTrawl();

  test('cookie banner, share and sign-up prompts and link lists go; the recipe stays', async () => {
    const plain = await t.fc.scrape(web.site.url('/bread'), { formats: ['markdown'] });
    assert.match(plain.markdown!, /We use cookies/, 'the page as main-content filtering leaves it');
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/bread'), formats: ['markdown'], onlyCleanContent: true });
    const md: string = res.body.data.markdown;
    assert.match(md, /Feed the starter twice a day/);
    assert.match(md, /Mix 500 g of flour/);
    for (const gone of ['cookies', 'Share on Facebook', 'Subscribe to our newsletter', '/tags/bread']) assert.ok(!md.includes(gone), `${gone} is dropped`);
    assert.match(res.body.data.warning, /Clean content: no language model is configured/);
  });
});

describe('onlyCleanContent with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl((req) => {
        // Drops the block the rules cannot know is noise: the one about feeding.
        const prompt = req.messages.map((m) => m.content).join('\n');
        const n = prompt.match(/\[(\d+)\] Feed the starter/)![1];
        return JSON.stringify({ remove: [Number(n)] });
      });

  test('the model names blocks to drop; what stays is the page text, unchanged', async () => {
    const res = await t.s.api('POST', '/v2/scrape', { url: web.site.url('/bread'), formats: ['markdown'], onlyCleanContent: true });
    const md: string = res.body.data.markdown;
    assert.ok(!md.includes('Feed the starter'));
    assert.match(md, /Mix 500 g of flour with 350 g of water and 100 g of starter, then rest it for an hour\./);
    assert.equal(res.body.data.warning, undefined);
  });
});
