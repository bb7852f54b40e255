import { compile, selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { isTag } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Element };
export const parse = (html: string) => parseDocument(html);
// Compiling a selector costs more than running it on a card: each is compiled once.
const compiled = new Map<string, ReturnType<typeof compile<AnyNode, Element>>>();

export function select(selector: string, root: AnyNode | AnyNode[]): Element[] {
  let query = compiled.get(selector);
  if (!query) compiled.set(selector, (query = compile<AnyNode, Element>(selector)));
  return selectAll(query, root) as Element[];
}

/** The element's visible text, whitespace collapsed (script and style left out). */
export function textOf(node: AnyNode): string {
  if (!isTag(node)) return collapse(textContent(node));
  let text = texts.get(node);
  if (text === undefined) {
    if (node.name === 'script' || node.name === 'style' || node.name === 'noscript' || node.name === 'template') text = '';
    else text = collapse(node.children.map(textOf).join(BLOCK.test(node.name) ? ' ' : ''));
    texts.set(node, text);
  }
  return text;
}

const BLOCK = /^(p|div|li|tr|br|h[1-6]|dd|dt|section|article|td|th)$/;
// Cards, rows and their fields ask for the same subtrees' text over and over.
const texts = new WeakMap<Element, string>();

export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export function elementChildren(el: Element): Element[] {
  return el.children.filter(isTag);
}

export function closest(el: Element, test: (e: Element) => boolean): Element | null {
  let p = el.parent;
  while (p && isTag(p)) {
    if (test(p)) return p;
    p = p.parent;
  }
  return null;
}

/** The value an element carries as a microdata or RDFa property (HTML's "property value" rules). */
export function propertyValue(el: Element): string {
  const a = el.attribs;
  if (a.content !== undefined) return a.content.trim();
  switch (el.name) {
    case 'meta':
      return (a.content ?? '').trim();
    case 'a':
    case 'area':
    case 'link':
      return a.href ?? textOf(el);
    case 'img':
    case 'audio':
    case 'video':
    case 'source':
    case 'embed':
    case 'iframe':
    case 'track':
      return a.src ?? '';
    case 'time':
      return a.datetime ?? textOf(el);
    case 'data':
    case 'meter':
      return a.value ?? textOf(el);
    default:
      return textOf(el);
  }
}
