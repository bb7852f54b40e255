// The one parsed tree of a page and the traversal helpers the transform shares. The tree
// is never modified: cleaning decides what to leave out, and the serializers skip it.
import { type ChildNode, type Document, DomHandler, Element, isTag, isText, type ParentNode, Text } from 'domhandler';
import { Parser, Tokenizer } from 'htmlparser2';

export type { ChildNode, Document, Element, ParentNode };
export { isText };

export function parseHtml(html: string): Document {
  const builder = new TreeBuilder();
  new Parser(builder, { Tokenizer: SearchingTokenizer }).end(html);
  return builder.root;
}

// htmlparser2's tokenizer takes a page a character at a time, through a switch on its state
// for each. Where it only waits for one of a few characters (the end of a script, a style or
// a comment; the next "<" or "&" of text; the closing quote or "&" of an attribute value)
// the search goes to the engine's string search instead: the same tokens at the same
// offsets, the characters in between skipped without a state switch each. Parsing was ~60%
// of the transform on the 990 corpus pages (scripts, styles, long texts): 3.2 -> 2.3 ms a page.
// These lean on the tokenizer's private names: dom.test.ts compares against htmlparser2's own.
class SearchingTokenizer extends Tokenizer {}

// The tokenizer's fields and states these replace (private in its types).
interface TokenizerInternals {
  buffer: string;
  offset: number;
  index: number;
  decodeEntities: boolean;
  fastForwardTo(c: number): boolean;
  stateText(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
}

const AMP = 0x26;
const LT = 0x3c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

const internals = SearchingTokenizer.prototype as unknown as TokenizerInternals;
const original = Tokenizer.prototype as unknown as TokenizerInternals;

// Moves to the next `c` after the current character; at the end of the buffer when none.
internals.fastForwardTo = function (this: TokenizerInternals, c: number): boolean {
  const at = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
  if (at < 0) {
    // The tokenizer's loop steps past the last character and ends.
    this.index = this.buffer.length + this.offset - 1;
    return false;
  }
  this.index = at + this.offset;
  return true;
};

// Leaves the tokenizer on the character before the next `a` or `b`, where the original
// state would have done nothing on each character in between. Most runs are short (the
// line break between two tags): a few characters are looked at here before a search that
// costs more to start than to run.
function skipTo(t: TokenizerInternals, a: number, b: number, stop: RegExp): void {
  const buffer = t.buffer;
  let i = t.index + 1 - t.offset;
  const near = Math.min(buffer.length, i + 16);
  for (; i < near; i++) {
    const c = buffer.charCodeAt(i);
    if (c === a || c === b) break;
  }
  if (i === near && i < buffer.length) {
    stop.lastIndex = i;
    i = stop.test(buffer) ? stop.lastIndex - 1 : buffer.length;
  }
  t.index = i + t.offset - 1;
}

const TEXT_STOP = /[<&]/g;
const DOUBLE_QUOTED_STOP = /["&]/g;
const SINGLE_QUOTED_STOP = /['&]/g;

internals.stateText = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== LT && c !== AMP) skipTo(this, LT, AMP, TEXT_STOP);
  else original.stateText.call(this, c);
};

internals.stateInAttributeValueDoubleQuotes = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== DOUBLE_QUOTE && c !== AMP) skipTo(this, DOUBLE_QUOTE, AMP, DOUBLE_QUOTED_STOP);
  else original.stateInAttributeValueDoubleQuotes.call(this, c);
};

internals.stateInAttributeValueSingleQuotes = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== SINGLE_QUOTE && c !== AMP) skipTo(this, SINGLE_QUOTE, AMP, SINGLE_QUOTED_STOP);
  else original.stateInAttributeValueSingleQuotes.call(this, c);
};

// The node types as domhandler sets them (its ElementType enum is not exported).
const TAG = new Element('div', {}).type;
const SCRIPT = new Element('script', {}).type;
const STYLE = new Element('style', {}).type;
const TEXT = new Text('').type;

// Deeper elements become children of the element at this depth. Broken pages nest
// thousands of unclosed tags, and every walk of the tree recurses.
const MAX_DEPTH = 256;

// domhandler's DomHandler, building the same Element and Text objects (same prototype,
// same own fields in the same order) without running their constructors: on Node 20 the
// class-field initialisers of domhandler's node classes take half the time of a parse.
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
    const el = Object.create(Element.prototype) as Element;
    el.parent = null;
    el.prev = null;
    el.next = null;
    el.startIndex = null;
    el.endIndex = null;
    el.children = [];
    el.name = name;
    el.attribs = attribs;
    el.type = name === 'script' ? SCRIPT : name === 'style' ? STYLE : TAG;
    el.namespace = undefined;
    el['x-attribsNamespace'] = undefined;
    el['x-attribsPrefix'] = undefined;
    this.addNode(el);
    this.tagStack.push(el);
  }

  override ontext(data: string): void {
    const last = this.lastNode;
    if (last && isText(last)) {
      last.data += data;
      return;
    }
    const text = Object.create(Text.prototype) as Text;
    text.parent = null;
    text.prev = null;
    text.next = null;
    text.startIndex = null;
    text.endIndex = null;
    text.data = data;
    text.type = TEXT;
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
