import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type TransformInput, transformHtml } from '../../../src/scrape/transform/index.js';
import { DEFAULT_TRANSFORM_THREADS, transformAway, useTransformThreads } from '../../../src/scrape/transform/threads.js';

const page = (i: number): TransformInput => ({
  html: `<!doctype html><html lang="en"><head><title>Page ${i}</title><meta name="description" content="About ${i}"></head><body>
    <nav><a href="/">Home</a></nav><main><h1>Page ${i}</h1><p>Text of page ${i} with <a href="/p/${i + 1}">the next one</a>.</p>
    <table><tr><th>k</th><th>v</th></tr><tr><td>${i}</td><td>${i * 2}</td></tr></table></main><footer>footer</footer></body></html>`,
  url: `https://example.com/p/${i}`,
  formats: new Set(['markdown', 'html', 'links', 'images']),
  onlyMainContent: true,
  removeBase64Images: true,
});

describe('transformAway', () => {
  after(() => useTransformThreads(DEFAULT_TRANSFORM_THREADS));

  for (const threads of [2, 0]) {
    test(`pages sent at once each come back as their own transform (${threads} threads)`, async () => {
      useTransformThreads(threads);
      const inputs = Array.from({ length: 40 }, (_, i) => page(i));
      const outs = await Promise.all(inputs.map((input) => transformAway(input)));
      outs.forEach((out, i) => assert.deepEqual(out, transformHtml(inputs[i]!)));
      assert.match(outs[7]!.markdown!, /^# Page 7\n/);
    });
  }

  test('a transform that throws rejects its own page only', async () => {
    useTransformThreads(1);
    const bad = { ...page(1), formats: undefined } as unknown as TransformInput;
    const [failed, fine] = await Promise.allSettled([transformAway(bad), transformAway(page(2))]);
    assert.equal(failed.status, 'rejected');
    assert.equal(fine.status, 'fulfilled');
    assert.equal(fine.value.metadata.title, 'Page 2');
  });
});
