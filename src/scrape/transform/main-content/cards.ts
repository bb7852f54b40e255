// Blocks that lead to other pages rather than hold the article: menus and link lists, feeds
// of story cards, teaser cards set between the paragraphs.
import { type Element, holdsOneOf, isElement, isText, siblingElement, textOf } from '../dom.js';
import { prose, type Weight, type WeightOf } from './weight.js';

export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// Blocks that may turn out to be link lists or feeds of story cards.
export const BLOCKS = new Set(['div', 'section', 'ul', 'ol', 'dl', 'table', 'tbody']);

// Mostly links: menus, tag lists, "more news" lists. A list or a box that is one link leads to
// another story too; a paragraph that is one link may be the source the article cites, so it
// is left.
export function isLinkList(el: Element, weightOf: WeightOf, title?: Element): boolean {
  if (!BLOCKS.has(el.name)) return false;
  const w = weightOf(el);
  if (w.anchors >= 2 && w.links >= 0.6 * w.text) return true;
  // A box that is one link, unless it is the section kicker right over the headline.
  const single = el.name === 'ul' || el.name === 'ol' || (el.name === 'div' && !(title && siblingElement(el, 'next') === title));
  return single && w.anchors === 1 && w.links >= 0.9 * w.text;
}

// A feed of story cards: three or more siblings of one shape (tag and class), each with a
// link, holding most of the block's text, each one short.
export function isFeed(el: Element, weightOf: WeightOf): boolean {
  if (!BLOCKS.has(el.name)) return false;
  const shapes = new Map<string, { count: number; text: number; prose: number }>();
  for (const child of el.children) {
    if (!isElement(child) || child.name === 'p' || child.name === 'tr') continue;
    const w = weightOf(child);
    if (w.anchors === 0 || !w.text) continue;
    const key = `${child.name}.${child.attribs.class ?? ''}`;
    const s = shapes.get(key) ?? { count: 0, text: 0, prose: 0 };
    s.count++;
    s.text += w.text;
    s.prose += prose(w);
    shapes.set(key, s);
  }
  const total = weightOf(el).text;
  for (const s of shapes.values()) if (s.count >= 3 && s.text >= 0.6 * total && s.prose / s.count < 200) return true;
  return false;
}

// A list of other stories, each item led by its link (a title, then a line or a teaser of
// it): "related posts" with their excerpts. However long the excerpts run, the items lead
// elsewhere.
export function isStoryList(el: Element, weightOf: WeightOf): boolean {
  if (!BLOCKS.has(el.name)) return false;
  let items = 0;
  for (const child of el.children) {
    if (!isElement(child) || !weightOf(child).text) continue;
    if (!ledByLink(child)) return false;
    items++;
  }
  return items >= 3;
}

// The first text inside the element is a link's, or a heading's that holds one.
function ledByLink(el: Element): boolean {
  for (const c of el.children) {
    if (isText(c)) {
      if (c.data.trim() !== '') return false;
      continue;
    }
    if (!isElement(c) || textOf(c).trim() === '') continue;
    return c.name === 'a' || ledByLink(c);
  }
  return false;
}

// A link around a heading (and often a picture and a line of text), or around a picture and
// a title: a card that leads to another story, set inside the article between its
// paragraphs. A heading of the article's own holds its link, not the other way round, and a
// picture linked to its large version has no title in the link.
export function isTeaserCard(el: Element): boolean {
  return el.name === 'a' && (holdsOneOf(el, SUBHEADINGS) || (holdsOneOf(el, IMAGES) && textOf(el).trim().length >= 25));
}

export const IMAGES = new Set(['img', 'picture']);

const SUBHEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

// A small block whose one heading is a link to another page, with a line or two beside it:
// the card of another story (its title, its teaser) set inside the article. Only a sliver of
// the article's text each, so the posts of a listing page are not taken for cards.
export function isStoryCard(el: Element, weightOf: WeightOf, rootWeight: Weight): boolean {
  if (el.name !== 'div' && el.name !== 'section' && el.name !== 'li') return false;
  const w = weightOf(el);
  if (w.anchors === 0 || w.text > 400 || w.text >= 0.1 * rootWeight.text) return false;
  const headings: Element[] = [];
  collectHeadings(el, headings);
  if (headings.length !== 1) return false;
  const h = headings[0]!;
  const link = h.children.find((c): c is Element => isElement(c) && c.name === 'a');
  const href = link?.attribs.href;
  if (!link || !href || href.startsWith('#')) return false;
  const ht = weightOf(h).text;
  return ht > 0 && weightOf(h).links >= 0.9 * ht && w.text - ht <= 300;
}

function collectHeadings(el: Element, out: Element[]): void {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (HEADINGS.has(c.name)) out.push(c);
    else collectHeadings(c, out);
  }
}
