import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import render from 'dom-serializer';
import { type AnyNode, Element, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { parseHtml } from '../../../src/scrape/transform/dom.js';

const page = `<!doctype html><html><head><title>T</title><script>a<b</script><style>p{}</style></head>
  <body><!-- c --><p class="x" data-y>Hello &amp; <b>bye</b><br>tail</p><table><tr><td>1</td></tr></table>
  <svg viewBox="0 0 1 1"><path d="M0"/></svg><![CDATA[x]]></body></html>`;

function nodes(root: AnyNode): AnyNode[] {
  return 'children' in root ? [root, ...root.children.flatMap(nodes)] : [root];
}

// Node for node: the same types, texts, element names and attributes (in the same order).
function assertReadAlike(html: string): void {
  const ours = nodes(parseHtml(html));
  const theirs = nodes(parseDocument(html));
  assert.equal(ours.length, theirs.length, html);
  ours.forEach((n, i) => {
    const t = theirs[i]!;
    assert.equal(n.type, t.type, html);
    if ('data' in t) assert.equal((n as Text).data, t.data, html);
    if (t instanceof Element) {
      assert.equal((n as Element).name, t.name, html);
      assert.deepEqual(Object.entries((n as Element).attribs), Object.entries(t.attribs), html);
    }
  });
}

describe('parseHtml', () => {
  test('builds the tree htmlparser2 and domhandler build, node for node', () => {
    const ours = parseHtml(page);
    const theirs = parseDocument(page);
    assert.equal(render(ours), render(theirs));
    const a = nodes(ours);
    const b = nodes(theirs);
    assert.equal(a.length, b.length);
    for (let i = 0; i < a.length; i++) {
      assert.equal(Object.getPrototypeOf(a[i]), Object.getPrototypeOf(b[i]));
      assert.deepEqual(Object.keys(a[i]!), Object.keys(b[i]!), `own fields of ${b[i]!.type} node ${i}`);
      assert.equal(a[i]!.type, b[i]!.type);
    }
    assert.ok(a.some((n) => n instanceof Element) && a.some((n) => n instanceof Text));
  });

  test('bounds the depth of the tree, keeping all the text of thousands of unclosed tags', () => {
    const doc = parseHtml(`<p>start</p>${'<div><b>x'.repeat(20000)}end`);
    let depth = 0;
    for (let node: AnyNode | undefined = doc; node && 'children' in node; node = node.children[node.children.length - 1]) depth++;
    assert.ok(depth <= 260, `depth ${depth}`);
    assert.equal(render(doc).replace(/<[^>]+>/g, ''), `start${'x'.repeat(20000)}end`);
  });

  test('reads text, attribute values, scripts and comments as htmlparser2 does, character for character', () => {
    const snippets = [
      'plain text to the end, no tags',
      'a &amp; b &lt;c&gt; &copy &#169; &#xA9; &nosuch; & alone &',
      '<p title="x &amp; y" data-a=\'1 & 2 &quot;\' alt="it\'s" b=unquoted&amp;c>t</p>',
      '<a href="/a?b=1&c=2&amp;d=3">l</a><img src=\'/x.png\' alt="&lt;&gt;">',
      '<script>if (a < b && c > d) { s = "</scr" + "ipt>"; }</script><p>after</p>',
      '<style>a > b { content: "<&>" }</style><textarea>x &amp; <b>y</b></textarea><title>t &amp; u</title>',
      '<!-- a comment with < and & and -- inside --><p>x</p><!---->',
      '<p title="never closed>text &amp; more',
      '<script>unterminated < script & text',
      '<!-- unterminated comment < &',
      'text then &amp',
      '<p>\u00e9t\u00e9 &eacute;t&eacute; \u{1F600} &amp;&amp;&amp;</p>',
    ];
    for (const html of snippets) assertReadAlike(html);
  });

  test('reads tag and attribute names as htmlparser2 does, in any case, in SVG and MathML, page after page', () => {
    const snippets = [
      '<div class="a" ID="b" Data-X="c"><DIV CLASS="d" id="e">x</DIV></div>',
      '<Div Class="f" class="second" CLASS="third">dup</Div><P Title=t>p</p>',
      '<svg viewBox="0 0 1 1"><clipPath id="c"><rect/></clipPath><foreignObject><div Class="in">x</div></foreignObject></svg><clippath>after</clippath>',
      '<math><mi MathVariant="bold">x</mi></math><image src="/i.png"><IMAGE SRC="/j.png"><svg><image href="/k.png"/></svg>',
      '<p d\u00e4ta-\u00c4="1" \u00c4bc="2" DATA-\u0130="3">non-ASCII names</p><\u00c4BC>x</\u00c4BC>',
      `<p ${'Long-Attribute-Name-'.repeat(3)}="1" ${'long-attribute-name-'.repeat(3)}="2">long</p><${'Custom-Element-Name-'.repeat(2)}x>y</${'custom-element-name-'.repeat(2)}x>`,
      '<a HREF="/1" hReF="/2" onClick="x" data-="d" =v>a</a><br/><BR><Br >',
      // A name ends at "=", "/", ">", any white space, or the end of the page.
      '<p a=1 bee cee/ dee>x</p><p e\tf\ng\fh\ri/><p j/k=2 l =3 m= 4 n-o_p:q.r="s">y</p><p long-name-at-the-end',
    ];
    for (const html of snippets) assertReadAlike(html);
  });
});
