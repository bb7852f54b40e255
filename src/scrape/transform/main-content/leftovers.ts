// What is left of a box once its chrome went: the label over a sidebar's lists of links
// ("Fakten, Hintergründe, Dossiers", "Meistgelesene News"), the author's name over a share
// bar. A few words that named what is gone name nothing now.
import { type Element, isElement, isNonContent, isText, type ParentNode, shownText } from '../dom.js';
import { BLOCKS, HEADINGS } from './cards.js';
import type { WeightOf } from './weight.js';

// At most this much text left, and this many times more gone.
const LABEL_AT_MOST = 60;
const GONE_AT_LEAST = 3;

export interface Leftovers {
  root: ParentNode;
  skip: Set<Element>; // left out so far; the boxes found are added
  weightOf: WeightOf;
  keep: (el: Element) => boolean; // the page title and the boxes around it
}

interface Tally {
  kept: number; // characters still shown
  gone: number; // characters left out
  // A heading of the text's own: its section lost its body to a rule, not its title; the
  // section rules decide on headings.
  heading: boolean;
}

/** Leaves out the boxes whose chrome went and left only a label; returns the characters left out. */
export function dropLeftovers({ root, skip, weightOf, keep }: Leftovers): number {
  let dropped = 0;
  // A box found counts as gone to the boxes around it.
  const walk = (node: ParentNode): Tally => {
    const t: Tally = { kept: 0, gone: 0, heading: false };
    for (const c of node.children) {
      if (isText(c)) t.kept += c.data.trim().length;
      else if (!isElement(c) || isNonContent(c)) continue;
      else if (skip.has(c)) t.gone += weightOf(c).text;
      else {
        const sub = walk(c);
        t.kept += sub.kept;
        t.gone += sub.gone;
        t.heading ||= sub.heading || (HEADINGS.has(c.name) && sub.kept > 0);
      }
    }
    if (node === root || !isElement(node) || !BLOCKS.has(node.name) || t.heading || keep(node)) return t;
    if (t.kept === 0 || t.kept > LABEL_AT_MOST || t.gone < GONE_AT_LEAST * t.kept) return t;
    skip.add(node);
    dropped += t.kept;
    return { kept: 0, gone: t.kept + t.gone, heading: false };
  };
  walk(root);
  return dropped;
}

/**
 * Leaves out a heading whose section all went ("Weitere Tourentipps in Schweden" over teasers
 * taken for chrome) when nothing is shown after it: the section is what follows the heading
 * in its box up to the next heading of its rank or above, and held more than the heading.
 * A heading over a part of the text whose body went (quoted tweets) still heads what follows.
 */
export function dropOrphanHeadings({ root, skip, weightOf, keep }: Leftovers): number {
  let dropped = 0;
  const visit = (node: ParentNode) => {
    for (const c of node.children) {
      if (!isElement(c) || isNonContent(c) || skip.has(c)) continue;
      if (!HEADINGS.has(c.name)) visit(c);
      else if (!keep(c) && sectionWent(c, skip, weightOf) && nothingShownAfter(c, root, skip)) {
        skip.add(c);
        dropped += weightOf(c).text;
      }
    }
  };
  visit(root);
  return dropped;
}

function sectionWent(heading: Element, skip: Set<Element>, weightOf: WeightOf): boolean {
  const rank = Number(heading.name[1]);
  let gone = 0;
  for (let n = heading.next; n; n = n.next) {
    if (!isElement(n) || isNonContent(n)) continue;
    if (HEADINGS.has(n.name) && Number(n.name[1]) <= rank) break;
    if (skip.has(n)) gone += weightOf(n).text;
  }
  return gone > 0 && gone >= GONE_AT_LEAST * weightOf(heading).text;
}

function nothingShownAfter(heading: Element, root: ParentNode, skip: Set<Element>): boolean {
  for (let node: ParentNode | null = heading; node && node !== root; node = node.parent) {
    for (let n = (node as Element).next; n; n = n.next) {
      if (isText(n) ? n.data.trim() !== '' : isElement(n) && !isNonContent(n) && !skip.has(n) && shownText(n, skip).trim() !== '') return false;
    }
  }
  return true;
}
