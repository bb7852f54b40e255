import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { transformHtml } from '../../../src/scrape/transform/index.js';

const URL_ = 'https://shop.example.com/catalog/kettles/index.html';

function run(body: string, head = '') {
  return transformHtml({
    html: `<html><head>${head}</head><body>${body}</body></html>`,
    url: URL_,
    formats: new Set(['links', 'images']),
    onlyMainContent: true,
    removeBase64Images: true,
  });
}

describe('links format', () => {
  test('paths from the root resolve as the URL parser resolves them: dot segments, escapes, the base\'s port and credentials', () => {
    const { links } = run(`
      <a href="/a/./b">1</a> <a href="/a/%2e%2E/c">2</a> <a href="/d/..">3</a> <a href="/x?q='a b'">4</a> <a href="/é">5</a>
      <a href="/e\\f">6</a> <a href="/p?x=1&amp;y=%zz#frag">7</a> <a href="/g/.h/..i">8</a>`);
    assert.deepEqual(links, [
      'https://shop.example.com/a/b',
      'https://shop.example.com/c',
      'https://shop.example.com/',
      'https://shop.example.com/x?q=%27a%20b%27',
      'https://shop.example.com/%C3%A9',
      'https://shop.example.com/e/f',
      'https://shop.example.com/p?x=1&y=%zz#frag',
      'https://shop.example.com/g/.h/..i',
    ]);
    const page = (url: string) =>
      transformHtml({ html: '<a href="/z">z</a>', url, formats: new Set(['links']), onlyMainContent: false, removeBase64Images: true }).links;
    assert.deepEqual(page('http://user:pw@H.Example:8080/dir/page'), ['http://user:pw@h.example:8080/z']);
    assert.deepEqual(page('http://h.example:80/dir'), ['http://h.example/z']);
  });

  test('absolute, resolved against the page URL, first occurrence first, without duplicates', () => {
    const { links } = run(`
      <a href="/about">About</a> <a href="copper.html">Copper</a> <a href="../grinders/">Grinders</a>
      <a href="//cdn.example.com/catalog.pdf">PDF</a> <a href="https://other.example.org/x?a=1&amp;b=2">Other</a>
      <a href=" /about ">About again</a> <a href="https://shop.example.com/about">Same, absolute</a>`);
    assert.deepEqual(links, [
      'https://shop.example.com/about',
      'https://shop.example.com/catalog/kettles/copper.html',
      'https://shop.example.com/catalog/grinders/',
      'https://cdn.example.com/catalog.pdf',
      'https://other.example.org/x?a=1&b=2',
    ]);
  });

  test('resolved against <base href> when the page declares one', () => {
    const { links } = run('<a href="a.html">A</a><a href="/b">B</a>', '<base href="https://static.example.net/v2/">');
    assert.deepEqual(links, ['https://static.example.net/v2/a.html', 'https://static.example.net/b']);
  });

  test('mailto: and tel: are kept; fragments of this page and script or data URLs are not', () => {
    const { links } = run(`
      <a href="#top">Top</a> <a href="javascript:void(0)">Menu</a> <a href="JavaScript:open()">X</a>
      <a href="data:text/plain,hi">Data</a> <a>No href</a> <a href="">Empty</a>
      <a href="mailto:shop@example.com">Mail</a> <a href="tel:+15555550100">Call</a> <a href="/faq#returns">Returns</a>`);
    assert.deepEqual(links, ['mailto:shop@example.com', 'tel:+15555550100', 'https://shop.example.com/faq#returns']);
  });

  test('from the whole page, navigation and footer included, whatever onlyMainContent does', () => {
    const { links } = run(`<nav><a href="/nav">Nav</a></nav><main><p>${'Words. '.repeat(60)}<a href="/in">In</a></p></main><footer><a href="/foot">Foot</a></footer>`);
    assert.deepEqual(links, ['https://shop.example.com/nav', 'https://shop.example.com/in', 'https://shop.example.com/foot']);
  });
});

describe('images format', () => {
  test('<img> sources, absolute, without duplicates', () => {
    const { images } = run('<img src="a.jpg"><img src="/img/b.png"><img src="https://cdn.example.com/c.webp"><img src="a.jpg">');
    assert.deepEqual(images, [
      'https://shop.example.com/catalog/kettles/a.jpg',
      'https://shop.example.com/img/b.png',
      'https://cdn.example.com/c.webp',
    ]);
  });

  test('the largest srcset candidate, by width or density', () => {
    const { images } = run(`
      <img src="k-400.jpg" srcset="k-400.jpg 400w, k-1600.jpg 1600w, k-800.jpg 800w">
      <img src="logo.png" srcset="logo@2x.png 2x,logo@3x.png 3x">
      <img srcset="https://cdn.example.com/w_400,h_300/p.jpg 400w, https://cdn.example.com/w_800,h_600/p.jpg 800w">`);
    assert.deepEqual(images, [
      'https://shop.example.com/catalog/kettles/k-1600.jpg',
      'https://shop.example.com/catalog/kettles/logo@3x.png',
      'https://cdn.example.com/w_800,h_600/p.jpg',
    ]);
  });

  test('lazy-loaded images: data-src behind a placeholder src', () => {
    const { images } = run(`
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/real.jpg">
      <img data-srcset="/s-1x.jpg 1x, /s-2x.jpg 2x">`);
    assert.deepEqual(images, ['https://shop.example.com/real.jpg', 'https://shop.example.com/s-2x.jpg']);
  });

  test('<picture> sources, video posters, og:image and twitter:image', () => {
    const { images } = run(
      `<picture><source type="image/avif" srcset="/p.avif 1x, /p@2x.avif 2x"><img src="/p.jpg"></picture>
       <video poster="/poster.jpg"><source src="/v.mp4"></video>`,
      '<meta property="og:image" content="/og.png"><meta name="twitter:image" content="https://cdn.example.com/tw.png">',
    );
    assert.deepEqual(images, [
      'https://shop.example.com/og.png',
      'https://cdn.example.com/tw.png',
      'https://shop.example.com/p@2x.avif',
      'https://shop.example.com/p.jpg',
      'https://shop.example.com/poster.jpg',
    ]);
  });

  test('inline data: images are not listed', () => {
    assert.deepEqual(run('<img src="data:image/png;base64,iVBORw0KGgo=" alt="chart">').images, []);
  });
});
