import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { transformHtml } from '../../../src/scrape/transform/index.js';

const URL_ = 'https://example.com/page';
const prose = (words: string) => `${words} `.repeat(12).trim();

function markdown(body: string, onlyMainContent = true, extra: { includeTags?: string[] } = {}) {
  return transformHtml({
    html: `<html><body>${body}</body></html>`,
    url: URL_,
    formats: new Set(['markdown']),
    onlyMainContent,
    removeBase64Images: true,
    ...extra,
  }).markdown!;
}

const chrome = `
  <header class="site-header"><a href="/">Site</a><nav><a href="/a">Section A</a><a href="/b">Section B</a></nav></header>
  <div id="cookie-banner">We use cookies. <button>Accept</button></div>`;
const footer = `<footer><p>© Example Ltd</p><a href="/privacy">Privacy</a></footer>`;

describe('onlyMainContent', () => {
  test('keeps <main> and drops the site header, navigation, cookie banner and footer', () => {
    const md = markdown(`${chrome}<main><h1>Title</h1><p>${prose('The article text.')}</p></main>${footer}`);
    assert.equal(md, `# Title\n\n${prose('The article text.')}`);
  });

  test('off: the whole body', () => {
    const md = markdown(`${chrome}<main><h1>Title</h1><p>Body.</p></main>${footer}`, false);
    assert.match(md, /Section A/);
    assert.match(md, /We use cookies/);
    assert.match(md, /© Example Ltd/);
  });

  test('[role=main] and <article> are roots too', () => {
    assert.equal(markdown(`${chrome}<div role="main"><p>${prose('Role main.')}</p></div>${footer}`), prose('Role main.'));
    assert.equal(markdown(`${chrome}<article><p>${prose('Article.')}</p></article>${footer}`), prose('Article.'));
  });

  test('without landmarks, the densest block of prose wins over link lists', () => {
    const md = markdown(`
      <div class="top"><a href="/1">One</a> <a href="/2">Two</a> <a href="/3">Three</a></div>
      <div class="wrap"><div class="left"><ul><li><a href="/x">Link x</a></li><li><a href="/y">Link y</a></li></ul></div>
      <div class="right"><h2>Heading</h2><p>${prose('Dense text here.')}</p><p>${prose('More dense text.')}</p></div></div>
      <div class="bottom"><a href="/terms">Terms</a></div>`);
    assert.equal(md, `## Heading\n\n${prose('Dense text here.')}\n\n${prose('More dense text.')}`);
  });

  test('the title <h1> in the article header stays; a site header goes', () => {
    const md = markdown(`${chrome}<main><article><header><h1>Article title</h1><p>By Ann</p></header>
      <p>${prose('Text.')}</p><footer>Tags: x</footer></article></main>`);
    assert.equal(md, `# Article title\n\nBy Ann\n\n${prose('Text.')}`);
  });

  test('a page title left outside <main> is brought back', () => {
    const md = markdown(`${chrome}<div class="hero"><h1>Hero title</h1></div><main><p>${prose('Body.')}</p></main>${footer}`);
    assert.equal(md, `# Hero title\n\n${prose('Body.')}`);
  });

  test('ads, share widgets, related posts, comments and newsletter boxes inside the article go', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <div class="ad-slot">Advertisement</div><div class="share-buttons"><a href="/s">Share</a></div>
      <p>${prose('Second.')}</p>
      <section class="related-posts"><h2>Related</h2><a href="/r">Other post</a></section>
      <div id="comments"><h3>2 comments</h3><p>Nice!</p><form><textarea></textarea><button>Post</button></form></div>
      <div class="newsletter-signup"><p>Subscribe!</p></div>
      <div aria-hidden="true">Hidden duplicate</div><div hidden>Hidden</div><p style="display: none">Invisible</p></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n${prose('Second.')}`);
  });

  test('class words match whole words only', () => {
    const md = markdown(`<main><div class="header-image badge download adjacent">${prose('Kept text.')}</div>
      <div class="anchorWithStickyNavbar_x">${prose('Also kept.')}</div></main>`);
    assert.equal(md, `${prose('Kept text.')}\n\n${prose('Also kept.')}`);
  });

  test('an element holding most of the text is kept whatever its class says', () => {
    const md = markdown(`<main><div class="content-sidebar-wrap"><div class="content"><p>${prose('Main text.')}</p></div>
      <div class="sidebar"><p>Side.</p></div></div></main>`);
    assert.equal(md, prose('Main text.'));
  });

  test('code is content even when its spans have boilerplate-like classes', () => {
    const md = markdown(`<main><p>${prose('Intro.')}</p><pre><code class="language-js"><span class="comment">// share this</span>\nx()</code></pre></main>`);
    assert.equal(md, `${prose('Intro.')}\n\n\`\`\`js\n// share this\nx()\n\`\`\``);
  });

  test('if the result would be nearly empty, the whole body is kept', () => {
    const md = markdown(`<main><div class="share">Share this page.</div><div class="related">Related pages.</div>
      <div class="newsletter">Our newsletter.</div></main><p>Outside.</p>`);
    assert.equal(md, 'Share this page.\n\nRelated pages.\n\nOur newsletter.\n\nOutside.');
  });

  test('a page too short for an article and a menu keeps its link list: the links are its content', () => {
    const md = markdown(`<h1>Shop</h1><p>We sell nets of every size.</p>
      <ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li><li><a href="/c">Page C</a></li></ul>`);
    assert.match(md, /- \[Page A\]\(https:\/\/example\.com\/a\)\n- \[Page B\]/);
    // With an article beside it, the same list is navigation and goes.
    const long = markdown(`<h1>Shop</h1><p>${prose('We sell nets of every size and mend them by hand.')}</p>
      <ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li><li><a href="/c">Page C</a></li></ul>`);
    assert.doesNotMatch(long, /Page A/);
  });

  test('several articles of similar size are a listing: all are kept', () => {
    const md = markdown(`${chrome}<div class="list"><article><h2>One</h2><p>${prose('First.')}</p></article>
      <article><h2>Two</h2><p>${prose('Second.')}</p></article></div><aside><p>${prose('Aside.')}</p></aside>`);
    assert.equal(md, `## One\n\n${prose('First.')}\n\n## Two\n\n${prose('Second.')}`);
  });

  test('with includeTags, chrome is dropped inside the included elements only', () => {
    const md = markdown(`<div class="post"><p>${prose('Post.')}</p><div class="share">Share</div></div><p>Outside.</p>`, true, {
      includeTags: ['.post'],
    });
    assert.equal(md, prose('Post.'));
  });

  test('a layout table: the content cell, read as blocks', () => {
    const md = markdown(`<table><tr><td colspan="2"><img src="/banner.gif" alt="Banner"></td></tr>
      <tr><td><a href="/1">Menu one</a><br><a href="/2">Menu two</a></td>
      <td><h1>Page</h1><p>${prose('Old school.')}</p><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>`);
    assert.equal(md, `# Page\n\n${prose('Old school.')}\n\n| A | B |\n| --- | --- |\n| 1 | 2 |`);
  });
});
