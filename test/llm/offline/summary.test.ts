import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createOfflineEngine } from '../../../src/llm/offline/engine.js';
import { articlePage } from './pages.js';

const llm = createOfflineEngine();

describe('offline engine: extractive summary', () => {
  test('an article: the lead sentence and the ones carrying the page, in page order, boilerplate left out', async () => {
    const out = await llm.summarize({ page: { ...articlePage, metadata: { title: 'Volunteers pull two tonnes of waste from the Elm River' } } });
    const sentences = out.summary.match(/[^.!?]+[.!?]/g) ?? [];
    assert.ok(sentences.length >= 2 && sentences.length <= 4, out.summary);
    assert.ok(out.summary.startsWith('More than 400 volunteers removed two tonnes of waste from the Elm River'), out.summary);
    assert.doesNotMatch(out.summary, /newsletter/i);
    assert.doesNotMatch(out.summary, /^#|By Maria/);
    for (const s of sentences) assert.ok(articlePage.markdown.includes(s.trim()), `verbatim from the page: ${s}`);
    const positions = sentences.map((s) => articlePage.markdown.indexOf(s.trim()));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
    assert.deepEqual(out.warnings, []);
    assert.equal(out.usage.totalTokens, 0);
  });

  test('a page without prose falls back to its meta description, and says so', async () => {
    const out = await llm.summarize({
      page: { url: 'https://shop.example/x', markdown: '# Lamp\n\n| Price | €20 |\n| --- | --- |\n', metadata: { description: 'A small brass desk lamp.' } },
    });
    assert.equal(out.summary, 'A small brass desk lamp.');
    assert.match(out.warnings[0]!, /no prose to summarise/);
  });

  test('code blocks and link lists are not prose', async () => {
    const markdown = [
      '# Install',
      '',
      '```sh',
      'npm install the-package --save-exact and then run the build step.',
      '```',
      '',
      '- [Home](/) - [Docs](/docs)',
      '',
      'The package converts spreadsheets into clean JSON files for analysis pipelines.',
    ].join('\n');
    const out = await llm.summarize({ page: { url: 'https://docs.example/', markdown } });
    assert.equal(out.summary, 'The package converts spreadsheets into clean JSON files for analysis pipelines.');
  });
});
