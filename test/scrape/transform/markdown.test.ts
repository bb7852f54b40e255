import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { htmlToMarkdown, transformHtml } from '../../../src/scrape/transform/index.js';

const BASE = 'https://docs.example.com/guide/intro.html';
const md = (html: string, removeBase64Images = true) =>
  transformHtml({ html, url: BASE, formats: new Set(['markdown']), onlyMainContent: false, removeBase64Images }).markdown;

describe('markdown', () => {
  test('GFM tables, with pipes inside cells escaped', () => {
    const table = `<table><thead><tr><th>Op</th><th align="right">Meaning</th></tr></thead>
      <tbody><tr><td><code>a || b</code></td><td>or | else</td></tr><tr><td>x</td><td>1</td></tr></tbody></table>`;
    assert.equal(md(table), '| Op | Meaning |\n| --- | ---: |\n| `a \\|\\| b` | or \\| else |\n| x | 1 |');
  });

  test('fenced code keeps the language of language-xx and lang-xx classes, on <code>, <pre> or a wrapper', () => {
    assert.equal(md('<pre><code class="language-ts">let a = 1 &lt; 2;</code></pre>'), '```ts\nlet a = 1 < 2;\n```');
    assert.equal(md('<pre class="lang-python"><code>print(1)</code></pre>'), '```python\nprint(1)\n```');
    assert.equal(md('<pre><code class="hljs lang-go">go()</code></pre>'), '```go\ngo()\n```');
    assert.equal(md('<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>puts 1</code></pre></div></div>'), '```ruby\nputs 1\n```');
    assert.equal(md('<div class="highlight highlight-source-shell"><pre>ls -la</pre></div>'), '```shell\nls -la\n```');
    assert.equal(md('<div class="highlight-console notranslate"><div class="highlight"><pre>$ make</pre></div></div>'), '```console\n$ make\n```');
    assert.equal(md('<pre data-lang="rust"><code>fn main() {}</code></pre>'), '```rust\nfn main() {}\n```');
    assert.equal(md('<pre><code class="language-none">plain</code></pre>'), '```\nplain\n```');
  });

  test('code loses line numbers, syntax spans and surrounding blank lines, and keeps inner ones', () => {
    const html = `<pre class="line-numbers"><code class="language-js">
<span class="line-number">1</span><span class="kd">const</span> a = 1;<br><span class="line-number">2</span>

<span class="line-number">3</span>a++;
</code></pre>`;
    assert.equal(md(html), '```js\nconst a = 1;\n\n\na++;\n```');
    const table = `<div class="highlight"><table class="highlighttable"><tr><td class="linenos"><pre>1\n2</pre></td>
      <td class="code"><pre><span class="n">x</span> = 1\ny = 2\n</pre></td></tr></table></div>`;
    assert.equal(md(`<div class="highlight-python">${table}</div>`), '```python\nx = 1\ny = 2\n```');
  });

  test('nested lists', () => {
    const html = '<ul><li>One<ul><li>Two<ol><li>Three</li><li>Four</li></ol></li></ul></li><li>Five</li></ul>';
    assert.equal(md(html), '- One\n  - Two\n    1. Three\n    2. Four\n- Five');
  });

  test('links and images absolute; script links become text', () => {
    const html = '<p><a href="setup.html">Setup</a> <a href="/api#auth" title="Reference">API</a> <a href="javascript:void(0)">Menu</a> <a href="#">Toggle</a> <img src="../img/a.png" alt="Diagram"></p>';
    assert.equal(
      md(html),
      '[Setup](https://docs.example.com/guide/setup.html) [API](https://docs.example.com/api#auth "Reference") Menu Toggle ![Diagram](https://docs.example.com/img/a.png)',
    );
  });

  test('inline data: images become a placeholder that keeps the alt text', () => {
    const html = '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Sales chart"> <a href="/x"><img src="data:image/gif;base64,R0lG"></a></p>';
    assert.equal(md(html), '![Sales chart](<Base64-Image-Removed>) [![](<Base64-Image-Removed>)](https://docs.example.com/x)');
    assert.equal(md(html, false), '![Sales chart](data:image/png;base64,iVBORw0KGgo=) [![](data:image/gif;base64,R0lG)](https://docs.example.com/x)');
  });

  test('emphasis hugs its text, and adjacent runs merge', () => {
    assert.equal(md('<p>a<em> b</em> c<strong>d </strong>e <b>x</b><b>y</b> <i> </i>z</p>'), 'a *b* c**d** e **xy** z');
  });

  test('heading permalinks and line breaks in headings', () => {
    assert.equal(md('<h2 id="s">Setup<a class="headerlink" href="#s">¶</a></h2>'), '## Setup');
    assert.equal(md('<h3 id="t"><a href="#t" aria-hidden="true">#</a> Options</h3>'), '### Options');
    assert.equal(md('<h2>Two<br>lines</h2>'), '## Two lines');
    assert.equal(md('<h2><a href="/guide">Guide</a></h2>'), '## [Guide](https://docs.example.com/guide)');
  });

  test('task lists', () => {
    assert.equal(md('<ul><li><input type="checkbox" checked> Done</li><li><input type="checkbox" disabled> To do</li></ul>'), '- [x] Done\n- [ ] To do');
  });

  test('definition lists and disclosure widgets read as paragraphs', () => {
    assert.equal(md('<dl><dt>Term</dt><dd>Meaning</dd></dl>'), '**Term**\n\nMeaning');
    assert.equal(md('<details><summary>Shipping</summary><p>Free over $50.</p></details>'), '**Shipping**\n\nFree over $50.');
  });

  test('a link around a card reads as one line', () => {
    assert.equal(
      md('<a href="/p/1"><div class="card"><h3>Card title</h3><p>Card text</p></div></a>'),
      '[Card title Card text](https://docs.example.com/p/1)',
    );
  });

  test('no space is put between CJK text and a link', () => {
    assert.equal(md('<p>ご予約は<a href="/reserve">オンライン</a>で。</p>'), 'ご予約は[オンライン](https://docs.example.com/reserve)で。');
    assert.equal(md('<p>Read <a href="/a">this</a>.</p>'), 'Read [this](https://docs.example.com/a).');
  });

  test('form controls, SVG and embedded media leave no stray text', () => {
    assert.equal(md('<p>Pick <select><option>One</option></select><textarea>t</textarea><svg><title>icon</title></svg>.</p><iframe src="/v"></iframe>'), 'Pick .');
  });

  test('no runs of blank lines outside code', () => {
    assert.equal(md('<p>a</p><p><br></p><p>&nbsp;</p><div>\n\n</div><p>b</p>'), 'a\n\nb');
  });
});

describe('htmlToMarkdown (for engines that produce HTML, e.g. DOCX)', () => {
  test('converts a whole document without main-content filtering', () => {
    const html = `<html><head><title>Report</title></head><body><nav><a href="#s1">Section 1</a></nav>
      <h1>Quarterly report</h1><p>Revenue grew <strong>12%</strong>.</p>
      <p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Chart"></p>
      <table><tr><th>Q</th><th>Revenue</th></tr><tr><td>Q1</td><td>1.2M</td></tr></table></body></html>`;
    assert.equal(
      htmlToMarkdown(html, 'https://files.example.com/report.docx'),
      '[Section 1](https://files.example.com/report.docx#s1)\n\n# Quarterly report\n\nRevenue grew **12%**.\n\n![Chart](<Base64-Image-Removed>)\n\n| Q | Revenue |\n| --- | --- |\n| Q1 | 1.2M |',
    );
  });

  test('keeps inline images when asked to', () => {
    assert.equal(
      htmlToMarkdown('<p><img src="data:image/png;base64,AAAA" alt="x"></p>', 'https://files.example.com/a.docx', { removeBase64Images: false }),
      '![x](data:image/png;base64,AAAA)',
    );
  });
});
