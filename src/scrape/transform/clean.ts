// What of a page the `html` and `markdown` formats show (spec §2.1, §2.2): the body, or
// only the elements includeTags selects; minus what excludeTags selects; minus the page's
// chrome when onlyMainContent. Non-content (head, scripts, styles, …) is always left out,
// by the serializers.
import { selectAll } from 'css-select';
import type { Content } from './content.js';
import { bodyOf, type ChildNode, type Document, type Element, forEachElement, type ParentNode } from './dom.js';
import { keepMainContent } from './main-content.js';

export interface CleanOptions {
  onlyMainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
}

export function cleanContent(doc: Document, options: CleanOptions): Content {
  const body = bodyOf(doc);
  const include = selectors(options.includeTags);
  const exclude = selectors(options.excludeTags);
  const nodes = include.length ? outermost(body, new Set(include.flatMap((s) => select(s, body)))) : body.children;
  const content: Content = { nodes, skip: new Set(exclude.flatMap((s) => select(s, body))) };
  return options.onlyMainContent ? keepMainContent(content, { findRoot: include.length === 0 }) : content;
}

export function wholeBody(doc: Document): Content {
  return { nodes: bodyOf(doc).children, skip: new Set() };
}

function selectors(list: string[] | undefined): string[] {
  return (list ?? []).map((s) => s.trim()).filter((s) => s !== '');
}

// A selector that does not parse selects nothing rather than failing the scrape.
function select(selector: string, root: ParentNode): Element[] {
  try {
    return selectAll<ChildNode, Element>(selector, root.children);
  } catch {
    return [];
  }
}

// Matches in document order, leaving out those inside another match.
function outermost(root: ParentNode, matches: Set<Element>): Element[] {
  const out: Element[] = [];
  forEachElement(root, (el) => {
    if (!matches.has(el)) return;
    out.push(el);
    return false;
  });
  return out;
}
