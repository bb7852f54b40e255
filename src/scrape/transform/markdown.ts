// GFM markdown of the cleaned view of a page. mdream (Rust) does the conversion; this
// module writes its input, reshaping on the way the few constructs it renders badly, and
// tidies its output.
import { htmlToMarkdown as mdream } from 'mdream';
import type { Content } from './content.js';
import { type ChildNode, type Element, isElement, isNonContent, isText, type ParentNode, textOf } from './dom.js';
import { imageSource } from './images.js';
import { escapeAttribute, escapeText, TABLE_PARTS, VOID_ELEMENTS } from './serialize.js';
import { isLineNumbers, tableKind } from './table-kind.js';
import { absoluteOrSame, isInertUrl } from './url.js';

export interface MarkdownOptions {
  removeBase64Images: boolean;
}

const BASE64_SENTINEL = 'trawl:base64-image-removed';
const BASE64_PLACEHOLDER = '<Base64-Image-Removed>';
// mdream puts a space between a word and a link that follows it; Chinese, Japanese and
// Korean text has no such space ("ご予約は<a>…</a>"), so a word joiner marks where to take it out.
const GLUE = '\u2060';
const CJK_END = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]$/;

export function markdownOf(content: Content, base: string, options: MarkdownOptions): string {
  const w: Writer = { content, base, options, found: { base64: false, tasks: false, glue: false } };
  let md = mdream(children(content.nodes, w, { top: true }));
  if (w.found.base64) md = md.replaceAll(`](${BASE64_SENTINEL})`, `](${BASE64_PLACEHOLDER})`);
  if (w.found.tasks) md = md.replace(/^(\s*(?:[-*+]|\d+\.) )\\\[([ x])\] /gm, '$1[$2] ');
  if (w.found.glue) md = md.replaceAll(`${GLUE} `, '').replaceAll(GLUE, '');
  return tidy(md);
}

interface Writer {
  content: Content;
  base: string;
  options: MarkdownOptions;
  found: { base64: boolean; tasks: boolean; glue: boolean };
}

// Where in the page the nodes being written sit.
interface Place {
  top?: boolean; // the content's own nodes
  heading?: boolean;
  cardLink?: boolean; // inside a link that wraps blocks
  layoutTable?: boolean; // rows and cells of a table used for layout
}

const ANYWHERE: Place = {};

const EMPHASIS = new Set(['em', 'i', 'strong', 'b', 'del', 's', 'strike']);
const BLOCKS = new Set([
  'div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'header', 'footer', 'figure',
  'figcaption', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'aside', 'main', 'nav',
]);
// Nothing of these reaches markdown; mdream would print stray text for some.
const UNSHOWN = new Set([
  'svg', 'math', 'select', 'option', 'datalist', 'textarea', 'iframe', 'object', 'embed', 'video', 'audio',
  'canvas', 'map',
]);
// The only attributes mdream reads; the others would only lengthen its input.
const KEPT_ATTRIBUTES = new Map([
  ['a', ['title']],
  ['img', ['alt', 'title']],
  ['ol', ['start']],
  ['td', ['align', 'colspan']],
  ['th', ['align', 'colspan']],
]);
const PERMALINK_CLASS =
  /(?:^|\s)(?:headerlink|anchor|anchor-link|anchorjs-link|hash-link|header-anchor|heading-anchor|heading-link|permalink|direct-link)(?:\s|$)/;
const PERMALINK_TEXT = /^\s*(?:[¶#§⚓]|\u{1F517})?\s*$/u;
const LANGUAGE = /(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)/;

function children(nodes: ChildNode[], w: Writer, place: Place): string {
  let out = '';
  let prev: ChildNode | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (isText(node)) {
      out += escapeText(node.data);
      prev = node;
    } else if (shown(node, w)) {
      out += element(node, w, place, prev, EMPHASIS.has(node.name) ? nextShown(nodes, i, w) : undefined);
      prev = node;
    }
  }
  return out;
}

function shown(node: ChildNode, w: Writer): node is Element {
  return isElement(node) && !isNonContent(node) && !w.content.skip.has(node);
}

function nextShown(nodes: ChildNode[], i: number, w: Writer): ChildNode | undefined {
  for (let j = i + 1; j < nodes.length; j++) {
    const n = nodes[j]!;
    if (isText(n) || shown(n, w)) return n;
  }
  return undefined;
}

function element(el: Element, w: Writer, place: Place, prev: ChildNode | undefined, next: ChildNode | undefined): string {
  const name = el.name;
  if (UNSHOWN.has(name)) return '';
  let inner = place.top || place.layoutTable ? innerPlace(place, name) : place;
  switch (name) {
    case 'input':
      if (el.attribs.type !== 'checkbox') return '';
      w.found.tasks = true;
      return el.attribs.checked !== undefined ? '[x] ' : '[ ] ';
    case 'img':
      return image(el, w);
    case 'pre':
      return code(el, languageOf(el.parent) ?? languageOf(el.parent?.parent));
    case 'br':
      return place.heading ? ' ' : '<br>';
    case 'a':
      return link(el, w, place, prev);
    case 'table': {
      const kind = tableKind(el);
      const pre = kind === 'code' ? lastPre(el) : undefined;
      if (pre) return code(pre, languageOf(el) ?? languageOf(el.parent) ?? languageOf(el.parent?.parent));
      if (kind === 'layout') return block('div', children(el.children, w, { ...inner, layoutTable: true }));
      break;
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      inner = { ...inner, heading: true };
      break;
    case 'dl':
    case 'dd':
    case 'details':
      return block('div', children(el.children, w, inner));
    case 'dt':
    case 'summary':
      return `<p><strong>${children(el.children, w, inner)}</strong></p>`;
  }
  if (EMPHASIS.has(name)) return emphasis(el, w, inner, prev, next);
  const body = children(el.children, w, inner);
  if ((place.top || place.layoutTable) && TABLE_PARTS.has(name)) return block('div', body);
  if (place.cardLink && BLOCKS.has(name)) return `<span>${body}</span> `;
  if (VOID_ELEMENTS.has(name)) return `<${name}>`;
  return `<${name}${keptAttributes(el)}>${body}</${name}>`;
}

function innerPlace(place: Place, name: string): Place {
  if (TABLE_PARTS.has(name)) return { ...place, top: false, layoutTable: true };
  return place.heading || place.cardLink ? { heading: place.heading, cardLink: place.cardLink } : ANYWHERE;
}

function block(name: string, body: string): string {
  return `<${name}>${body}</${name}>`;
}

function keptAttributes(el: Element): string {
  const names = KEPT_ATTRIBUTES.get(el.name);
  if (!names) return '';
  let out = '';
  for (const name of names) {
    const value = el.attribs[name];
    if (value !== undefined) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

function image(el: Element, w: Writer): string {
  let src = imageSource(el);
  if (!src) return '';
  if (src.startsWith('data:') && w.options.removeBase64Images) {
    src = BASE64_SENTINEL;
    w.found.base64 = true;
  } else {
    src = absoluteOrSame(src, w.base);
  }
  return `<img src="${escapeAttribute(src)}"${keptAttributes(el)}>`;
}

function link(el: Element, w: Writer, place: Place, prev: ChildNode | undefined): string {
  if (place.heading && isPermalink(el)) return '';
  // An icon-only link would be an empty [](…).
  if (textOf(el).trim() === '' && !hasImage(el)) return '';
  const href = el.attribs.href?.trim();
  // "#" and script links only do something with JavaScript: their text is what is left.
  const target = !href || href === '#' || isInertUrl(href) ? '' : ` href="${escapeAttribute(absoluteOrSame(href, w.base))}"`;
  // A link around a card (<a><h3>Title</h3><p>Text</p></a>) reads as one line of link text.
  const body = children(el.children, w, { heading: place.heading, cardLink: place.cardLink || hasBlock(el) });
  let glue = '';
  if (prev && isText(prev) && CJK_END.test(prev.data)) {
    glue = GLUE;
    w.found.glue = true;
  }
  return `${glue}<a${target}${keptAttributes(el)}>${body}</a>`;
}

function isPermalink(a: Element): boolean {
  if (PERMALINK_CLASS.test(a.attribs.class ?? '')) return true;
  return (a.attribs.href ?? '').includes('#') && PERMALINK_TEXT.test(textOf(a)) && !hasImage(a);
}

function hasBlock(el: Element): boolean {
  return el.children.some((c) => isElement(c) && (BLOCKS.has(c.name) || hasBlock(c)));
}

// *text* must hug its text: "a<em> b</em>" is "a *b*", not "a* b*"; <b>a</b><b>b</b> is one
// **ab**, not **a****b**; an emphasis around nothing but spaces is the spaces.
function emphasis(el: Element, w: Writer, place: Place, prev: ChildNode | undefined, next: ChildNode | undefined): string {
  const body = children(el.children, w, place);
  const core = body.trim();
  const lead = core.length < body.length && /^\s/.test(body) ? ' ' : '';
  const trail = core.length < body.length && /\s$/.test(body) ? ' ' : '';
  if (core === '') return lead || trail ? ' ' : '';
  const open = continues(prev, el) ? '' : `<${el.name}>`;
  const close = continues(next, el) ? '' : `</${el.name}>`;
  return `${lead}${open}${core}${close}${trail}`;
}

// Whether a sibling right beside an emphasis is the same emphasis, written as one with it.
function continues(sibling: ChildNode | undefined, el: Element): boolean {
  return !!sibling && isElement(sibling) && sibling.name === el.name && textOf(sibling).trim() !== '';
}

// Fenced code keeps its language, whichever convention the page used to name it (on <code>,
// on <pre>, or on a wrapper: Prism, highlight.js, GitHub, Rouge, Sphinx, Hugo), and loses
// line numbers and the blank lines around it.
function code(pre: Element, wrapperLanguage: string | undefined): string {
  const elements = pre.children.filter(isElement);
  const inner = elements.length === 1 && elements[0]!.name === 'code' ? elements[0] : undefined;
  const language = languageOf(inner) ?? languageOf(pre) ?? wrapperLanguage;
  const text = codeText(pre).replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  const cls = language && language !== 'none' && language !== 'nohighlight' ? ` class="language-${escapeAttribute(language)}"` : '';
  return `<pre><code${cls}>${escapeText(text)}</code></pre>`;
}

function codeText(el: Element): string {
  let out = '';
  for (const c of el.children) {
    if (isText(c)) out += c.data;
    else if (isElement(c) && !isNonContent(c) && !isLineNumbers(c)) {
      out += c.name === 'br' ? '\n' : codeText(c);
    }
  }
  return out;
}

function languageOf(node: ParentNode | null | undefined): string | undefined {
  if (!node || !isElement(node as ChildNode)) return undefined;
  const a = (node as Element).attribs;
  const lang = a['data-lang'] ?? a['data-language'] ?? LANGUAGE.exec(a.class ?? '')?.[1];
  return lang?.toLowerCase();
}

// The <pre> of a numbered-code table: the last cell's.
function lastPre(el: Element): Element | undefined {
  for (let i = el.children.length - 1; i >= 0; i--) {
    const c = el.children[i]!;
    if (!isElement(c)) continue;
    if (c.name === 'pre') return c;
    const found = lastPre(c);
    if (found) return found;
  }
  return undefined;
}

function hasImage(el: Element): boolean {
  return el.children.some((c) => isElement(c) && (c.name === 'img' || hasImage(c)));
}

// Collapses runs of blank lines, and lines of only spaces, outside fenced code.
const FENCE_OR_BLANKS =
  /^( *)(`{3,}|~{3,})[^\n]*\n(?:[\s\S]*?\n)?\1\2[ \t]*$|\n(?:[ \t\u00a0]*\n){2,}|\n[ \t\u00a0]+(?=\n)/gm;

function tidy(md: string): string {
  return md
    .replace(FENCE_OR_BLANKS, (match: string, _indent?: string, fence?: string) =>
      fence ? match : match.endsWith('\n') ? '\n\n' : '\n',
    )
    .trim();
}
