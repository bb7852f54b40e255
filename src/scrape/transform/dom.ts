// The one parsed tree of a page and the traversal helpers the transform shares. The tree
// is never modified: cleaning decides what to leave out, and the serializers skip it.
import { type ChildNode, type Document, DomHandler, Element, isTag, isText, type ParentNode, Text } from 'domhandler';
import { NamingParser } from './parser.js';
import { SearchingTokenizer } from './tokenizer.js';

export type { ChildNode, Document, Element, ParentNode };
export { isText };

export function parseHtml(html: string): Document {
  const builder = new TreeBuilder();
  new NamingParser(builder, { Tokenizer: SearchingTokenizer }).end(html);
  return builder.root;
}

// The node types as domhandler sets them (its ElementType enum is not exported).
const TAG = new Element('div', {}).type;
const SCRIPT = new Element('script', {}).type;
const STYLE = new Element('style', {}).type;
const TEXT = new Text('').type;

// Deeper elements become children of the element at this depth. Broken pages nest
// thousands of unclosed tags, and every walk of the tree recurses.
const MAX_DEPTH = 256;

// domhandler's Element and Text (same prototype, same own fields in the same order), built
// without domhandler's constructors: on Node 20 the class-field initialisers of its node classes
// take half the time of a parse. Plain constructors rather than Object.create(prototype): their
// objects hold their fields in themselves, where Object.create's keep all but the first few in
// a separate array, grown field by field (~8% of the bytes a transform allocates).
const ElementNode = function (this: Element, name: string, attribs: Record<string, string>) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = name === 'script' ? SCRIPT : name === 'style' ? STYLE : TAG;
  this.namespace = undefined;
  this['x-attribsNamespace'] = undefined;
  this['x-attribsPrefix'] = undefined;
} as unknown as new (name: string, attribs: Record<string, string>) => Element;
ElementNode.prototype = Element.prototype;

const TextNode = function (this: Text, data: string) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  this.type = TEXT;
} as unknown as new (data: string) => Text;
TextNode.prototype = Text.prototype;

// domhandler's DomHandler, building its nodes with the constructors above.
class TreeBuilder extends DomHandler {
  protected override addNode(node: ChildNode): void {
    const stack = this.tagStack;
    const parent = stack[isTag(node) ? Math.min(stack.length, MAX_DEPTH) - 1 : stack.length - 1]!;
    const previous = parent.children[parent.children.length - 1];
    parent.children.push(node);
    if (previous) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    this.lastNode = null;
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    const el = new ElementNode(name, attribs);
    this.addNode(el);
    this.tagStack.push(el);
  }

  override ontext(data: string): void {
    const last = this.lastNode;
    if (last && isText(last)) {
      last.data += data;
      return;
    }
    const text = new TextNode(data);
    this.addNode(text);
    this.lastNode = text;
  }
}

// domhandler's isTag compares the node's type field, much cheaper than instanceof on a
// tree of tens of thousands of nodes.
export function isElement(node: ChildNode): node is Element {
  return isTag(node);
}

// Elements that are never page content, whatever the format.
const NON_CONTENT = new Set(['head', 'script', 'style', 'noscript', 'template', 'meta', 'link', 'base', 'title']);

export function isNonContent(el: Element): boolean {
  return NON_CONTENT.has(el.name);
}

export function forEachElement(root: ParentNode, visit: (el: Element) => boolean | void): void {
  const children = root.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isTag(child) && visit(child) !== false) forEachElement(child, visit);
  }
}

export function contains(ancestor: ParentNode, node: ChildNode): boolean {
  for (let p: ParentNode | null = node.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

export function hasAncestor(node: ChildNode, test: (el: Element) => boolean): boolean {
  for (let p = node.parent; p && isTag(p); p = p.parent) if (test(p)) return true;
  return false;
}

// Whether an element below `el` is one of `names`.
export function holdsOneOf(el: Element, names: ReadonlySet<string>): boolean {
  for (const c of el.children) if (isElement(c) && (names.has(c.name) || holdsOneOf(c, names))) return true;
  return false;
}

export function siblingElement(el: Element, dir: 'prev' | 'next'): Element | undefined {
  for (let n = el[dir]; n; n = n[dir]) if (isElement(n)) return n;
  return undefined;
}

export function textOf(node: ChildNode | ParentNode): string {
  if (isText(node)) return node.data;
  if (!('children' in node)) return '';
  let out = '';
  for (const child of node.children) out += textOf(child);
  return out;
}

/** The text `node` shows: without its non-content elements and those in `skip` (left out of the output). */
export function shownText(node: ParentNode, skip: ReadonlySet<Element>): string {
  let out = '';
  for (const c of node.children) {
    if (isText(c)) out += c.data;
    else if (isElement(c) && !isNonContent(c) && !skip.has(c)) out += shownText(c, skip);
  }
  return out;
}

export function headOf(doc: Document): Element | undefined {
  return topLevel(doc, 'head');
}

// The node whose children are the page content: <body> when the parser saw one.
export function bodyOf(doc: Document): ParentNode {
  return topLevel(doc, 'body') ?? doc;
}

function topLevel(doc: Document, name: string): Element | undefined {
  for (const el of doc.children) {
    if (!isTag(el)) continue;
    if (el.name === name) return el;
    if (el.name === 'html') {
      for (const child of el.children) if (isTag(child) && child.name === name) return child;
    }
  }
  return undefined;
}
