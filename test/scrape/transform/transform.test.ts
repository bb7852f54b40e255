import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type HtmlFormat, transformHtml } from '../../../src/scrape/transform/index.js';

const page = `<!doctype html><html lang="en"><head><title>Example Domain</title></head><body>
  <nav><a href="/home">Home</a></nav><main><h1>Example Domain</h1>
  <p>This domain is for use in illustrative examples in documents. You may use this domain in literature without prior
  coordination or asking for permission.</p><p><a href="https://www.iana.org/domains/example">More information...</a></p>
  <img src="/logo.png" alt="Logo"></main></body></html>`;

const run = (formats: HtmlFormat[], onlyMainContent = true) =>
  transformHtml({ html: page, url: 'https://example.com/', formats: new Set(formats), onlyMainContent, removeBase64Images: true });

describe('transformHtml', () => {
  test('fills only the formats asked for; metadata always', () => {
    const out = run(['markdown']);
    assert.deepEqual(Object.keys(out), ['markdown', 'metadata']);
    assert.equal(out.metadata.title, 'Example Domain');
    assert.deepEqual(Object.keys(run([])), ['metadata']);
  });

  test('every format at once, from one parse', () => {
    const out = run(['markdown', 'html', 'rawHtml', 'links', 'images']);
    assert.deepEqual(Object.keys(out), ['markdown', 'html', 'rawHtml', 'links', 'images', 'metadata']);
    assert.equal(out.rawHtml, page);
    assert.equal(
      out.markdown,
      '# Example Domain\n\nThis domain is for use in illustrative examples in documents. You may use this domain in literature without prior coordination or asking for permission.\n\n[More information...](https://www.iana.org/domains/example)\n\n![Logo](https://example.com/logo.png)',
    );
    assert.ok(out.html!.startsWith('<main><h1>Example Domain</h1>'), out.html);
    assert.ok(!out.html!.includes('<nav>'));
    assert.deepEqual(out.links, ['https://example.com/home', 'https://www.iana.org/domains/example']);
    assert.deepEqual(out.images, ['https://example.com/logo.png']);
  });

  test('html and markdown show the same content', () => {
    const full = run(['html', 'markdown'], false);
    assert.match(full.html!, /<nav><a href="https:\/\/example\.com\/home">Home<\/a><\/nav>/);
    assert.match(full.markdown!, /^\[Home\]\(https:\/\/example\.com\/home\)/);
  });

  test('a fragment without <html> or <body> is a page too', () => {
    const out = transformHtml({
      html: '<h2>Hi</h2><p>there</p>',
      url: 'https://example.com/',
      formats: new Set(['markdown', 'html']),
      onlyMainContent: true,
      removeBase64Images: true,
    });
    assert.equal(out.markdown, '## Hi\n\nthere');
    assert.equal(out.html, '<h2>Hi</h2><p>there</p>');
  });
});
