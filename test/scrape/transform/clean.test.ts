import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { selectAll } from 'css-select';
import { transformHtml, type TransformInput } from '../../../src/scrape/transform/index.js';

const URL_ = 'https://news.example.com/world/story.html';

function cleaned(html: string, options: Partial<TransformInput> = {}) {
  return transformHtml({
    html,
    url: URL_,
    formats: new Set(['html', 'markdown']),
    onlyMainContent: false,
    removeBase64Images: true,
    ...options,
  });
}

const names = (html: string) => selectAll<Element, Element>('*', parseDocument(html).children as Element[]).map((el) => el.name);

describe('cleaned html format (spec §2.2)', () => {
  const page = `<!doctype html><html><head><title>T</title><meta charset="utf-8"><style>p{}</style>
    <script>track()</script><link rel="stylesheet" href="/s.css"><base href="/world/"></head>
    <body><!-- banner --><script>more()</script><noscript><img src="/pixel.gif"></noscript>
    <template><p>Hidden template</p></template><style>.x{}</style>
    <p onclick="steal()">Text with <a href="other.html">a link</a>, <a href="javascript:go()">a script link</a>
    and <img src="/img/a.jpg" srcset="/img/a-1x.jpg 1x, /img/a-2x.jpg 2x" alt="A"></p>
    <iframe src="/embed/video"><p>Your browser does not support iframes.</p></iframe>
    <video poster="poster.jpg"><source src="v.mp4"><p>fallback</p></video></body></html>`;

  test('no head, scripts, styles, noscript, templates, meta, links or comments', () => {
    const { html } = cleaned(page);
    const tags = names(html!);
    for (const gone of ['head', 'title', 'meta', 'style', 'script', 'noscript', 'template', 'link', 'base']) {
      assert.ok(!tags.includes(gone), `${gone} left in ${html}`);
    }
    assert.ok(!html!.includes('<!--'));
    assert.ok(!html!.includes('track()') && !html!.includes('Hidden template'));
  });

  test('links and image sources made absolute; event handlers and script links removed', () => {
    const { html } = cleaned(page);
    assert.match(html!, /<a href="https:\/\/news\.example\.com\/world\/other\.html">a link<\/a>/);
    assert.match(html!, /<a>a script link<\/a>/);
    assert.match(html!, /<img src="https:\/\/news\.example\.com\/img\/a-2x\.jpg" srcset="https:\/\/news\.example\.com\/img\/a-1x\.jpg 1x, https:\/\/news\.example\.com\/img\/a-2x\.jpg 2x" alt="A">/);
    assert.ok(!html!.includes('onclick'));
    assert.match(html!, /<video poster="https:\/\/news\.example\.com\/world\/poster\.jpg"><source src="https:\/\/news\.example\.com\/world\/v\.mp4"><\/video>/);
  });

  test('iframes stay as placeholders without their fallback content', () => {
    const { html } = cleaned(page);
    assert.match(html!, /<iframe src="https:\/\/news\.example\.com\/embed\/video"><\/iframe>/);
    assert.ok(!html!.includes('does not support'));
  });

  test('text is escaped where HTML requires it and non-ASCII left as is', () => {
    const { html } = cleaned('<p title="a &quot;b&quot;">1 &lt; 2 &amp;&amp; café 日本</p>');
    assert.equal(html, '<p title="a &quot;b&quot;">1 &lt; 2 &amp;&amp; café 日本</p>');
  });
});

describe('includeTags and excludeTags', () => {
  const page = `<body><nav><a href="/">Home</a></nav>
    <div class="story"><h1>Title</h1><p class="lede">Lede</p><div class="ad">Buy</div><p>Body</p></div>
    <aside class="story"><p>Aside story</p></aside><footer>Footer</footer></body>`;

  test('includeTags keeps only the matching elements with their subtrees, in page order', () => {
    const { html, markdown } = cleaned(page, { includeTags: ['aside.story', 'h1', 'div.story'] });
    assert.equal(names(html!)[0], 'div');
    assert.equal(markdown, '# Title\n\nLede\n\nBuy\n\nBody\n\nAside story');
  });

  test('excludeTags removes matching elements', () => {
    const { markdown } = cleaned(page, { excludeTags: ['nav', '.ad', 'footer', 'aside'] });
    assert.equal(markdown, '# Title\n\nLede\n\nBody');
  });

  test('excludeTags applies after includeTags', () => {
    const { markdown } = cleaned(page, { includeTags: ['.story'], excludeTags: ['.ad', 'p.lede'] });
    assert.equal(markdown, '# Title\n\nBody\n\nAside story');
  });

  test('selectors match URLs as the page wrote them', () => {
    const { markdown } = cleaned('<p><a href="/login">Log in</a> <a href="/docs">Docs</a></p>', { excludeTags: ['a[href^="/login"]'] });
    assert.equal(markdown, '[Docs](https://news.example.com/docs)');
  });

  test('a selector that does not parse selects nothing', () => {
    const { markdown } = cleaned(page, { includeTags: ['h1', 'div[[['], excludeTags: ['>>>'] });
    assert.equal(markdown, '# Title');
  });

  test('nothing matching includeTags leaves nothing', () => {
    assert.equal(cleaned(page, { includeTags: ['table'] }).markdown, '');
  });
});
