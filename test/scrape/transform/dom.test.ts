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
});
