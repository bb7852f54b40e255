// What a page sets above an article's headline when no text of the article comes before
// it: the section's kicker ("Aktuell", "A-Frauen"), a breadcrumb, a date label, a hero
// picture's caption or credit. Lines that name or label the article, not lines of it.
import { contains, type Element, holdsOneOf, isElement, isNonContent, isText, type ParentNode, siblingElement, textOf } from '../dom.js';
import { IMAGES } from './cards.js';
import { endsSentence } from './markers.js';
import type { WeightOf } from './weight.js';

// More text than this above the headline is an article that starts before it (a post
// whose first heading is an <h1>), not labels.
const LABELS_AT_MOST = 300;

// A line longer than this, or one that ends a sentence, is text.
const LINE_AT_MOST = 100;

export interface AboveTitle {
  pieces: readonly Element[]; // what may be chrome, in document order
  title: Element; // the page title, inside the root
  root: ParentNode;
  inRoot: (el: Element) => boolean;
  weightOf: WeightOf;
  skip: ReadonlySet<Element>;
  drop: (el: Element) => void;
}

/** Drops the short lines above the title, unless text of the article comes before it. */
export function dropAboveTitle({ pieces, title, root, inRoot, weightOf, skip, drop }: AboveTitle): void {
  if (textBefore(title, root, weightOf, skip) > LABELS_AT_MOST) return;
  for (const el of pieces) {
    if (el === title) return;
    if (!inRoot(el) || el === root || el.name === 'h1' || nextTo(el, title)) continue;
    const w = weightOf(el);
    if (w.text === 0 || w.text > LINE_AT_MOST || holdsOneOf(el, IMAGES) || holdsOneOf(el, TITLE)) continue;
    if (endsSentence(textOf(el).trim())) continue;
    drop(el);
  }
}

const TITLE = new Set(['h1']);

// The line right over the headline, or inside the box right over it: the section's kicker
// or a product's brand, which names what the title is about.
function nextTo(el: Element, title: Element): boolean {
  for (let n: Element | null = el; n; n = n.parent && isElement(n.parent) ? n.parent : null) {
    const next = siblingElement(n, 'next');
    if (next) return next === title || contains(next, title);
  }
  return false;
}

// Characters of text before the element, up to the start of the root.
function textBefore(el: Element, root: ParentNode, weightOf: WeightOf, skip: ReadonlySet<Element>): number {
  let n = 0;
  for (let node: ParentNode | null = el; node && node !== root; node = node.parent) {
    for (let s = (node as Element).prev; s; s = s.prev) {
      if (isText(s)) n += s.data.trim().length;
      else if (isElement(s) && !isNonContent(s) && !skip.has(s)) n += weightOf(s).text || textOf(s).trim().length;
    }
  }
  return n;
}
