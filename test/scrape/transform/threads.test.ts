import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
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

  // A thread that loaded the TypeScript sources through tsx would bring a loader thread of
  // its own (on Node 20), with a heap of its own: ~15 MB more of a crawl's peak RSS.
  test('a transform thread is one thread of the process: no module loader beside it', async () => {
    const osThreads = () => fs.readdirSync('/proc/self/task').length;
    // libuv's pool starts its threads at the first file read; let that be before counting.
    await Promise.all(Array.from({ length: 4 }, () => fs.promises.readFile(import.meta.filename)));
    const before = osThreads();
    useTransformThreads(1);
    assert.deepEqual(await transformAway(page(1)), transformHtml(page(1)));
    assert.equal(osThreads(), before + 1);
  });

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

  test('a thread that dies takes only the pages it held; the next page starts a new thread', async () => {
    useTransformThreads(2);
    await Promise.all([transformAway(page(0)), transformAway(page(1))]); // both threads running
    // The first thread handed pages dies before it reads them, as one killed by the OS would.
    const post = Worker.prototype.postMessage;
    let killed: Worker | undefined;
    Worker.prototype.postMessage = function (this: Worker, message: unknown) {
      if (!killed) {
        killed = this;
        void this.terminate();
      }
      return post.call(this, message);
    };
    let settled: PromiseSettledResult<unknown>[];
    try {
      settled = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => transformAway(page(i))));
    } finally {
      Worker.prototype.postMessage = post;
    }
    const lost = settled.filter((s) => s.status === 'rejected');
    const done = settled.filter((s) => s.status === 'fulfilled');
    // Pages go to the thread with the fewest in hand: half of them to each.
    assert.equal(lost.length, 10);
    assert.equal(done.length, 10);
    assert.match(String((lost[0] as PromiseRejectedResult).reason), /transform thread stopped/);
    settled.forEach((s, i) => s.status === 'fulfilled' && assert.deepEqual(s.value, transformHtml(page(i))));
    assert.equal((await transformAway(page(3))).metadata.title, 'Page 3');
  });

  test('rawHtml is the HTML the page was given', async () => {
    useTransformThreads(1);
    const input = { ...page(5), formats: new Set(['rawHtml', 'markdown'] as const) };
    const out = await transformAway(input);
    assert.equal(out.rawHtml, input.html);
    assert.deepEqual(Object.keys(out), ['markdown', 'rawHtml', 'metadata']);
  });
});
