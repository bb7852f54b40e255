// HTML text out of the cleaned view of a page: the `html` format, and the escaping rules
// the markdown converter's input shares. Only the characters HTML requires are escaped, so
// non-Latin pages stay as compact as they came.
import type { Content } from './content.js';
import { type ChildNode, type Element, isElement, isNonContent, isText } from './dom.js';
import { imageSource } from './images.js';
import { absoluteOrSame, isInertUrl, mapSrcset } from './url.js';

export const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);

// Their children are what a browser shows when it cannot show the element itself.
const FALLBACK_ONLY = new Set(['iframe', 'object', 'canvas']);

// A table cell or row chosen as the content root has no table around it any more.
export const TABLE_PARTS = new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption']);

const TEXT_SPECIAL = /[&<>\u00a0]/;
const ATTRIBUTE_SPECIAL = /[&"\u00a0]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' };

export function escapeText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(/[&<>\u00a0]/g, (c) => ESCAPES[c]!) : s;
}

export function escapeAttribute(s: string): string {
  return ATTRIBUTE_SPECIAL.test(s) ? s.replace(/[&"\u00a0]/g, (c) => ESCAPES[c]!) : s;
}

export function serializeHtml(content: Content, base: string): string {
  let out = '';
  for (const node of content.nodes) out += serialize(node, content, base, true);
  return out;
}

// `detached`: a table row or cell outside its table, written as a <div>.
function serialize(node: ChildNode, content: Content, base: string, detached = false): string {
  if (isText(node)) return escapeText(node.data);
  if (!isElement(node) || isNonContent(node) || content.skip.has(node)) return ''; // comments, doctype
  const flattened = detached && TABLE_PARTS.has(node.name);
  const name = flattened ? 'div' : node.name;
  let out = `<${name}${attributes(node, base)}>`;
  if (VOID_ELEMENTS.has(name)) return out;
  if (!FALLBACK_ONLY.has(name)) {
    const media = name === 'video' || name === 'audio';
    for (const child of node.children) {
      if (!media || (isElement(child) && (child.name === 'source' || child.name === 'track'))) {
        out += serialize(child, content, base, flattened);
      }
    }
  }
  return `${out}</${name}>`;
}

// Attributes as written, with every URL absolute (an <img> shows its largest srcset
// candidate or lazy-loaded source) and without inline event handlers.
function attributes(el: Element, base: string): string {
  let out = '';
  const a = el.attribs;
  for (const name in a) {
    let value = a[name]!;
    if (name.startsWith('on')) continue;
    if (name === 'href' || name === 'src' || name === 'poster') {
      if (name === 'href' && isInertUrl(value)) continue;
      value = absoluteOrSame(name === 'src' && el.name === 'img' ? (imageSource(el) ?? value) : value, base);
    } else if (name === 'srcset') {
      value = mapSrcset(value, (url) => absoluteOrSame(url, base));
    }
    out += value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
  }
  // A lazy-loaded image may have no src at all.
  if (el.name === 'img' && a.src === undefined) {
    const src = imageSource(el);
    if (src) out += ` src="${escapeAttribute(absoluteOrSame(src, base))}"`;
  }
  return out;
}
