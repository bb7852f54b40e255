import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DEEP = 50_000;
const deepHtml = `<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(DEEP)}<p>Bottom of the well</p>${'</div>'.repeat(DEEP)}</body></html>`;
const unclosedHtml = `<!doctype html><html><body>${'<span><b><i>'.repeat(DEEP / 3)}<p>Never closed</p></body></html>`;
const hugeHtml = `<!doctype html><html><head><title>Huge</title></head><body>${Array.from({ length: 40_000 }, (_, i) => `<p>Paragraph ${i} <a href="/p${i}">link ${i}</a> ${'word '.repeat(30)}</p>`).join('')}</body></html>`;

describe('deeply nested and enormous HTML', () => {
  let site: Site;
  let s: TestServer;
  before(async () => {
    site = await startSite({ '/deep': { html: deepHtml }, '/unclosed': { html: unclosedHtml }, '/huge': { html: hugeHtml } });
    s = await startTestServer();
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  /** While `work` runs, the server keeps answering a cheap request. */
  async function whileServing<T>(work: Promise<T>): Promise<T> {
    const meanwhile = await s.api('GET', '/v2/team/credit-usage');
    assert.equal(meanwhile.status, 200, 'the server answered another request meanwhile');
    return work;
  }

  /** A Document, or the contract's scrape error: never a 500 without a code, never a dead server. */
  function assertAnswered(r: { status: number; body: any }, expect: RegExp) {
    if (r.status === 200) {
      assert.equal(r.body.success, true);
      assert.match(r.body.data.markdown, expect);
    } else {
      assert.equal(r.body.success, false, JSON.stringify(r.body).slice(0, 500));
      assert.equal(typeof r.body.code, 'string', JSON.stringify(r.body).slice(0, 500));
      assert.notEqual(r.body.code, 'UNKNOWN_ERROR', JSON.stringify(r.body).slice(0, 500));
    }
  }

  for (const [path, expect] of [
    ['/deep', /Bottom of the well/],
    ['/unclosed', /Never closed/],
    ['/huge', /Paragraph 39999/],
  ] as const) {
    test(`scrape of ${path}`, async () => {
      const r = await whileServing(s.api('POST', '/v2/scrape', { url: site.url(path), formats: ['markdown', 'html', 'links'], maxAge: 0 }));
      assertAnswered(r, expect);
    });
  }

  for (const [name, html, expect] of [
    ['deep.html', deepHtml, /Bottom of the well/],
    ['huge.html', hugeHtml, /Paragraph 39999/],
  ] as const) {
    test(`parse of ${name}`, async () => {
      const form = new FormData();
      form.set('file', new Blob([html], { type: 'text/html' }), name);
      const work = fetch(`${s.url}/v2/parse`, { method: 'POST', headers: { authorization: `Bearer ${s.key}` }, body: form }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as any,
      }));
      assertAnswered(await whileServing(work), expect);
    });
  }
});
