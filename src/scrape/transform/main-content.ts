// onlyMainContent: keep the article, drop the page's chrome (navigation, site header and
// footer, sidebars, cookie banners, ads, share widgets, related posts, comment forms).
//
// 1. Find the content root: <main>/[role=main], else <article>, else the element a
//    text-density descent from <body> settles on.
// 2. Inside it, drop boilerplate by tag, ARIA role, hidden state and class/id words,
//    never dropping an element that holds the page title or most of the text.
// 3. If that would leave the page nearly empty, change nothing.
import { Document } from 'domhandler';
import type { Content } from './content.js';
import { contains, type Element, hasAncestor, holdsOneOf, isElement, isNonContent, isText, type ParentNode, siblingElement, textOf } from './dom.js';
import {
  BOILERPLATE_NAME,
  COMMENTS_NAME,
  HIDDEN_CLASS,
  asLine,
  isAboutLine,
  isChromeLabel,
  invitesToSubscribe,
  isDateLine,
  isSourceLine,
  leadsBack,
  leadsElsewhere,
  opensChromeSection,
  publisherSpeaks,
} from './main-content/markers.js';
import { tableKind } from './table-kind.js';
import { BLOCKS, HEADINGS, IMAGES, isFeed, isLinkList, isStoryCard, isStoryList, isTeaserCard } from './main-content/cards.js';
import { dropAboveTitle } from './main-content/above-title.js';
import { cutCredits } from './main-content/credits.js';
import { dropEnding } from './main-content/ending.js';
import { dropLeftovers, dropOrphanHeadings } from './main-content/leftovers.js';
import { NOTHING, prose, type Weight, type WeightOf } from './main-content/weight.js';

const BOILERPLATE_TAGS = new Set([
  'nav', 'aside', 'footer', 'header', 'form', 'fieldset', 'label', 'button', 'select', 'input', 'textarea',
  'dialog',
]);

const BOILERPLATE_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog',
  'menu', 'menubar', 'tooltip',
]);

// Where a page title is not the article's.
const CHROME_TAGS = new Set(['nav', 'aside', 'footer']);

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

// Elements whose insides are content whatever their class names say.
const OPAQUE = new Set(['pre', 'code', 'svg', 'math']);

function isOpaque(el: Element): boolean {
  return OPAQUE.has(el.name) || (el.name === 'table' && tableKind(el) !== 'layout');
}

export function keepMainContent(content: Content, options: { findRoot: boolean }): Content {
  // The nodes shown so far, under one parent to weigh and search them as a whole.
  const top = new Document(content.nodes);
  const survey: Survey = {
    weights: new Map(),
    skip: content.skip,
    mains: [],
    articles: [],
    h1s: [],
    pieces: [],
    named: new Set(),
    scores: new Map(),
  };
  const topWeight = measure(top, survey, false, false, false, false);
  survey.weights.set(top, topWeight);
  const weightOf = (node: ParentNode): Weight => survey.weights.get(node) ?? NOTHING;
  // An <h1> that opens comments ("Comments", "3 Kommentare") heads a section, not the page.
  const isTitle = (h1: Element) =>
    weightOf(h1).text > 0 && weightOf(h1).links < weightOf(h1).text && !isComments(h1) && !(weightOf(h1).text <= 60 && opensChromeSection(asLine(textOf(h1))));

  const root = options.findRoot ? chooseRoot(top, survey, weightOf) : top;
  const inRoot = (el: Element) => root === top || contains(root, el);
  const titleInside = survey.h1s.find((h1) => inRoot(h1) && isTitle(h1));
  // The page title when the root left it outside (a hero above <main>, an <h1> beside the
  // article body), unless it sits in navigation or a sidebar.
  const title =
    root === top || survey.h1s.some(inRoot)
      ? undefined
      : survey.h1s.find((h1) => isTitle(h1) && !hasAncestor(h1, (el) => CHROME_TAGS.has(el.name)));

  const rootWeight = weightOf(root);
  const heavy = 0.5 * prose(rootWeight);
  const keep = new Set<ParentNode>();
  for (let p = titleInside?.parent; p && p !== root; p = p.parent) keep.add(p);

  // Pieces were noted outermost first, so one inside a piece already dropped is passed over.
  const dropAll = (which: 'all' | 'named') => {
    const skip = new Set(content.skip);
    let dropped = 0;
    // What `counts` toward how much of the page was taken for chrome: the labels above the
    // title are a few words however short the article, not a sign that the page was misread.
    // A block two rules take (a link list opened by "More from the show") counts once.
    const drop = (el: Element, anySize = false, counts = true) => {
      if (keep.has(el) || el === titleInside || (!anySize && prose(weightOf(el)) > heavy) || skip.has(el) || hasAncestor(el, (a) => skip.has(a))) return;
      skip.add(el);
      if (counts) dropped += weightOf(el).text;
    };
    for (const el of survey.pieces) {
      if (!inRoot(el) || el === root) continue;
      if (survey.named.has(el)) {
        // A header inside the article that holds prose holds its lead or a part of it: a site
        // header is links and a logo.
        if (el.name === 'header' && prose(weightOf(el)) >= 200 && weightOf(el).links < 0.2 * weightOf(el).text) continue;
        drop(el, which === 'all' && isComments(el));
      }
      else if (which === 'named') continue;
      else if (!tiny && (isLinkList(el, weightOf, titleInside) || isFeed(el, weightOf) || isTeaserCard(el) || isStoryCard(el, weightOf, rootWeight))) drop(el);
      else if (HEADINGS.has(el.name) && isComments(el)) for (const part of chromeSection(el, root)) drop(part);
      else if (weightOf(el).text > 200) {
        // A longer paragraph may still be the paper speaking about itself: its pitch for
        // members ("Hacemos periodismo desde hace 106 años … HAZTE MIEMBRO") or its channels.
        if (weightOf(el).text <= 320 && el.name === 'p' && invitesToSubscribe(textOf(el).toLowerCase())) drop(el);
      }
      else {
        // Only short pieces are read as text, and each once: this runs for every piece of every page.
        const w = weightOf(el);
        const text = textOf(el);
        const line = asLine(text);
        if (pointsElsewhere(el, w, text, line) || inLinkRun(el, weightOf)) drop(el);
        else if ((el.name === 'p' || el.name === 'div') && publisherSpeaks(text.toLowerCase())) drop(el);
        // (Code is not a line: a YAML file may well open with "source:".)
        else if (isSourceLine(line) && !isOpaque(el) && !holdsOneOf(el, OPAQUE) && standsAlone(el, weightOf)) drop(el);
        else if (line.length > 60) continue;
        else if (HEADINGS.has(el.name) && opensChromeSection(line)) for (const part of chromeSection(el, root)) drop(part, isStoryList(part, weightOf));
        else if (!HEADINGS.has(el.name) && w.links === 0 && opensChromeSection(line) && titlesLinks(el, weightOf)) drop(el);
        else if (EMPHASIS.has(el.name) && opensChromeSection(line) && leadsShortParagraph(el, root, weightOf)) drop(el.parent as Element);
        else if (isChromeLabel(line) || ((isDateLine(line) || isAboutLine(line)) && standsAlone(el, weightOf))) drop(el);
        else if (w.links >= 0.9 * w.text && leadsBack(line)) drop(el);
      }
    }
    if (which === 'all') {
      if (titleInside && !tiny) dropAboveTitle({ pieces: survey.pieces, title: titleInside, root, inRoot, weightOf, skip, drop: (el) => drop(el, false, false) });
      dropEnding({ pieces: survey.pieces, root, inRoot, skip, weightOf, tiny, drop });
      if (!tiny) {
        const leftovers = { root, skip, weightOf, keep: (el: Element) => keep.has(el) || el === titleInside };
        dropped += dropLeftovers(leftovers) + dropOrphanHeadings(leftovers);
      }
    }
    return { skip, left: rootWeight.text - dropped };
  };
  // A page this short has no room for both an article and a menu: its links are its content
  // (a small listing or home page), not navigation around something else.
  const tiny = topWeight.text < 250;
  const { skip, left } = dropAll('all');
  const remaining = left + (title ? weightOf(title).text : 0);

  const lead = root === top ? [] : title ? between(title, root as Element, survey, weightOf) : leadOf(root as Element, survey, weightOf);
  const nodes = root === top ? content.nodes : [...(title ? [title] : []), ...lead, root as Element];
  if (remaining < 250 && remaining < 0.25 * topWeight.text) {
    // Nearly everything looked like chrome: a short post, its links and labels its text. Its
    // region without what its names mark as chrome (share bars, a sidebar widget, related
    // posts), unless that leaves it nearly empty too; else the page. A region too short to
    // hold 200 characters still holds a post of a few lines when most of it is left: the
    // rest of the page is its blog's menus and widgets, not more of it.
    if (root === top) return content;
    const named = dropAll('named');
    if (named.left >= Math.min(200, 0.5 * rootWeight.text)) return { nodes, skip: named.skip };
    return rootWeight.text < 250 ? content : { nodes, skip: content.skip };
  }
  // A caption's credit in the same text as its words goes; the caption stays.
  cutCredits({ root, weightOf, skip });
  return { nodes, skip };
}

interface Survey {
  // Only for the elements asked about later: landmarks, containers, titles, chrome.
  weights: Map<ParentNode, Weight>;
  skip: ReadonlySet<Element>;
  mains: Element[]; // outermost <main> / [role=main]
  articles: Element[]; // outermost <article>
  h1s: Element[];
  pieces: Element[]; // what may be chrome, in document order: named chrome, blocks, headings
  named: Set<Element>; // chrome by tag, role, hidden state or class/id words
  scores: Map<Element, number>; // paragraph scores passed up to the blocks that hold them
}

// One pass that weighs the page and notes the landmarks, titles and chrome in it.
function measure(
  node: ParentNode,
  survey: Survey,
  inLink: boolean,
  inMain: boolean,
  inArticle: boolean,
  inOpaque: boolean,
): Weight {
  const w: Weight = { text: 0, links: 0, anchors: 0, commas: 0 };
  let own = 0; // text directly inside, not in child elements
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isElement(child)) {
      if (isNonContent(child) || survey.skip.has(child)) continue;
      const name = child.name;
      const isMain = !inMain && (name === 'main' || child.attribs.role === 'main');
      const isArticle = !inArticle && name === 'article';
      const isChrome = !inOpaque && isBoilerplate(child);
      if (isMain) survey.mains.push(child);
      if (isArticle) survey.articles.push(child);
      if (name === 'h1') survey.h1s.push(child);
      if (isChrome) survey.named.add(child);
      const isPiece = !inOpaque && (isChrome || BLOCKS.has(name) || HEADINGS.has(name) || LINES.has(name));
      if (isPiece) survey.pieces.push(child);
      const c = measure(child, survey, inLink || name === 'a', inMain || isMain, inArticle || isArticle, inOpaque || isOpaque(child));
      if (isMain || isArticle || isPiece || name === 'h1' || isContainer(child)) survey.weights.set(child, c);
      w.text += c.text;
      w.links += c.links;
      w.anchors += c.anchors + (name === 'a' && !inLink && c.text > 0 ? 1 : 0);
      w.commas += c.commas;
    } else if (isText(child)) {
      const n = child.data.trim().length;
      w.text += n;
      own += n;
      if (inLink) w.links += n;
      else if (n > 0) w.commas += countCommas(child.data);
    }
  }
  if (!inLink && !inOpaque && node !== undefined && 'name' in node) scoreParagraph(node as Element, w, own, survey);
  return w;
}

// Where the article is by its prose (Readability's method): every paragraph scores by its
// length and clauses, and passes its score to its parent, half to its grandparent and a
// third to the one above; a block's score shrinks with its link density.
const PARAGRAPHS = new Set(['p', 'pre', 'td', 'blockquote', 'dd']);

function scoreParagraph(el: Element, w: Weight, own: number, survey: Survey): void {
  const isParagraph = PARAGRAPHS.has(el.name) || (el.name === 'div' && own >= 25);
  const length = el.name === 'div' && !PARAGRAPHS.has(el.name) ? own : prose(w);
  if (!isParagraph || length < 25 || survey.named.has(el)) return;
  const score = 1 + w.commas + Math.min(3, Math.floor(length / 100));
  let p = el.parent;
  for (let level = 0; level < 3 && p && isElement(p); level++, p = p.parent) {
    survey.scores.set(p, (survey.scores.get(p) ?? 0) + score / (level === 0 ? 1 : level === 1 ? 2 : 3));
  }
}

function countCommas(text: string): number {
  let n = 0;
  for (let i = text.indexOf(','); i !== -1; i = text.indexOf(',', i + 1)) n++;
  return n;
}

// Chrome holds no article, unless it wraps most of the page (an off-canvas "menu" wrapper).
function chromeHolds(top: ParentNode, survey: Survey, weightOf: WeightOf): (el: Element) => boolean {
  const small = 0.5 * prose(weightOf(top));
  const isChrome = (el: Element) => survey.named.has(el) && (isComments(el) || prose(weightOf(el)) < small);
  return (el) => isChrome(el) || hasAncestor(el, isChrome);
}

function bestScored(survey: Survey, weightOf: WeightOf, inChrome: (el: Element) => boolean): Element | undefined {
  let best: Element | undefined;
  let bestScore = 0;
  for (const [el, score] of survey.scores) {
    if (inChrome(el)) continue;
    const w = weightOf(el);
    const final = score * (1 - (w.text ? w.links / w.text : 0));
    if (final > bestScore) {
      best = el;
      bestScore = final;
    }
  }
  return best;
}

// Characters of prose a scored block needs to be the root of a page without landmarks.
const SCORED_AT_LEAST = 500;

function chooseRoot(top: ParentNode, survey: Survey, weightOf: WeightOf): ParentNode {
  const inChrome = chromeHolds(top, survey, weightOf);
  const landmark = contentRoot(top, survey, weightOf, inChrome);
  const scored = bestScored(survey, weightOf, inChrome);
  // No landmark, and no block holds most of the page: where the prose scores highest is
  // still the text when it is a good part of the page; the rest is many small boxes of
  // chrome (menus, teasers, a blurb about the site) that no rule took by itself.
  if (landmark === top) return scored && prose(weightOf(scored)) >= Math.max(SCORED_AT_LEAST, 0.4 * prose(weightOf(top))) ? scored : top;
  if (!scored || landmark === scored || contains(landmark, scored)) return landmark;
  // A landmark inside the scored block: right unless it is chrome (comments as <article>s).
  if (contains(scored, landmark) && !(isElement(landmark) && survey.named.has(landmark))) return landmark;
  // Elsewhere on the page: not when it is a sliver of the landmark's prose (a share form
  // or a caption with a few sentences in a page whose markup is broken). A <main> is the
  // page's own word for where its text is, so a box beside it needs more to outweigh it: a
  // pop-up or a teaser of comma-rich lines scores high against plain sentences.
  const sliver = isElement(landmark) && landmark.name === 'main' ? 0.3 : 0.15;
  if (!contains(scored, landmark) && prose(weightOf(scored)) < sliver * prose(weightOf(landmark))) return landmark;
  return scored;
}

function contentRoot(top: ParentNode, survey: Survey, weightOf: WeightOf, inChrome: (el: Element) => boolean): ParentNode {
  const total = prose(weightOf(top));
  const substantial = (el: Element | undefined) => el && prose(weightOf(el)) >= 0.25 * total;

  const main = largest(survey.mains, weightOf);
  if (substantial(main)) return main!;

  // Articles inside chrome are its cards (a "related posts" box of teasers), not the page's.
  const articles = survey.articles.filter((a) => !inChrome(a));
  const article = largest(articles, weightOf);
  if (article && articles.length > 1) {
    // Several articles of a similar size make a listing: keep them all.
    const all = articles.reduce((sum, a) => sum + prose(weightOf(a)), 0);
    if (prose(weightOf(article)) < 0.6 * all) {
      const listing = commonAncestor(articles);
      return listing && survey.weights.has(listing) ? listing : top;
    }
  }
  if (substantial(article)) return article!;

  return densest(top, weightOf, (el) => survey.named.has(el) && isComments(el));
}

// Descends from <body> while one child holds most of the prose of its parent: chrome is
// either link lists (navigation, footers) or small, so the article is what is left. Only
// containers are entered: a long paragraph must not shed the table or list beside it.
function densest(top: ParentNode, weightOf: WeightOf, isOut: (el: Element) => boolean): ParentNode {
  let node = top;
  for (;;) {
    // Comments or a cookie panel beside the article do not count: they may outweigh it.
    let total = prose(weightOf(node));
    for (const c of node.children) if (isElement(c) && isOut(c)) total -= prose(weightOf(c));
    const next = node.children.find((c) => isElement(c) && isContainer(c) && !isOut(c) && prose(weightOf(c)) >= 0.7 * total);
    if (total === 0 || !next) return node;
    node = next as Element;
  }
}

const CONTAINERS = new Set([
  'div', 'section', 'main', 'article', 'center', 'form', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th',
]);

function isContainer(el: Element): boolean {
  return CONTAINERS.has(el.name) || (el.name === 'table' && tableKind(el) === 'layout');
}

// Elements that may hold a whole line of their own: a label, a by-line, a date, a credit.
const LINES = new Set(['p', 'blockquote', 'figcaption', 'span', 'time', 'small', 'strong', 'b', 'li', 'dt', 'dd', 'a', 'button', 'address']);

// A line on its own, not a few words inside a sentence.
function standsAlone(el: Element, weightOf: WeightOf): boolean {
  if (!LINES.has(el.name) || el.name === 'p' || el.name === 'li') return true;
  const parent = el.parent;
  return !parent || !isElement(parent) || !(parent.name === 'p' || parent.name === 'li' || parent.name === 'td') || weightOf(parent).text <= 1.5 * weightOf(el).text;
}

// A heading that opens comments or related stories, and what follows it up to the next
// heading of its rank or higher; its wrapper instead when the heading opens that wrapper
// and nothing else in it is a heading of that rank.
function chromeSection(heading: Element, root: ParentNode): Element[] {
  const rank = Number(heading.name[1]);
  const section: Element[] = [heading];
  let ended = false;
  for (let n = heading.next; n; n = n.next) {
    if (!isElement(n)) continue;
    if (HEADINGS.has(n.name) && Number(n.name[1]) <= rank) {
      ended = true;
      break;
    }
    section.push(n);
  }
  const parent = heading.parent;
  const first = parent?.children.find(isElement);
  if (!ended && first === heading && parent !== root && parent && isElement(parent)) return [parent];
  return section;
}

// The lead of an article (a teaser, an intro, a standfirst) often sits beside its body, just
// before it: prose, hardly any links, no chrome, no title.
function leadOf(root: Element, survey: Survey, weightOf: WeightOf): Element[] {
  const lead: Element[] = [];
  for (let n = root.prev; n && lead.length < 3; n = n.prev) {
    if (!isElement(n)) continue;
    const w = weightOf(n);
    const holdsTitle = survey.h1s.some((h1) => contains(n, h1));
    if (w.text === 0 && !holdsTitle) continue;
    if (holdsTitle || survey.h1s.includes(n) || survey.named.has(n) || prose(w) < 50 || w.links > 0.25 * w.text) break;
    lead.unshift(n);
  }
  return lead;
}

// The lead (a standfirst, a teaser, an intro) between the page title and the article body,
// wherever the page's boxes put it: the prose blocks after the title and before the body,
// outermost first, with hardly any links and no chrome around them.
function between(title: Element, root: Element, survey: Survey, weightOf: WeightOf): Element[] {
  const lead: Element[] = [];
  const passed: Element[] = [];
  let after = false;
  let body = false; // a piece of the body came before: a title below the body has no lead
  for (const el of survey.pieces) {
    if (el === title || contains(el, title)) {
      after = el === title && !body;
      continue;
    }
    if (el === root || contains(el, root) || contains(root, el)) {
      if (contains(root, el)) {
        if (after) break;
        body = true;
      }
      continue;
    }
    if (!after || lead.some((l) => contains(l, el)) || passed.some((p) => contains(p, el))) continue;
    const w = weightOf(el);
    if (prose(w) < 50 || w.links > 0.25 * w.text || survey.named.has(el) || hasAncestor(el, (a) => survey.named.has(a) || a.name === 'figure')) continue;
    // A box with a heading of its own is another section; a caption, or a box around a
    // picture, is the picture's; and so are the paragraphs inside them.
    if (el.name === 'figcaption' || el.name === 'figure' || holdsOneOf(el, HEADINGS) || holdsOneOf(el, IMAGES)) {
      passed.push(el);
      continue;
    }
    lead.push(el);
    if (lead.length === 3) break;
  }
  return lead;
}

// A paragraph of the text that only points to other stories: a bold "Auch interessant" or a
// "Read also:" over a list of links (a heading as text editors write one), or "Lesen Sie
// auch: <link>", also set as a quote, a box or a heading ("MIRA: <link>"). Words that open such a section but go on as a sentence
// are text.
function pointsElsewhere(el: Element, w: Weight, text: string, line: string): boolean {
  if (HEADINGS.has(el.name)) return w.links >= 0.5 * w.text && leadsElsewhere(line);
  if (el.name !== 'p' && el.name !== 'blockquote' && el.name !== 'div') return false;
  if (w.text <= 60 && opensChromeSection(line) && (emphasised(el) || /:\s*$/.test(text))) return true;
  return w.links >= 0.5 * w.text && leadsElsewhere(line);
}

// Paragraphs that are each one link, one after another: a list of other stories written as
// paragraphs. A single link paragraph may be the source the article cites, so it stays.
function linkOnly(el: Element | null | undefined, weightOf: WeightOf): boolean {
  if (!el || el.name !== 'p') return false;
  const w = weightOf(el);
  return w.anchors === 1 && w.text > 0 && w.links >= 0.9 * w.text;
}

function inLinkRun(el: Element, weightOf: WeightOf): boolean {
  return linkOnly(el, weightOf) && (linkOnly(siblingElement(el, 'prev'), weightOf) || linkOnly(siblingElement(el, 'next'), weightOf));
}

// A label set as plain text ("Zobacz również", "Verwandte Themenbereiche") over a list of
// links: the title of a related-stories block that is not marked up as a heading.
function titlesLinks(el: Element, weightOf: WeightOf): boolean {
  const next = siblingElement(el, 'next');
  return !!next && weightOf(next).anchors >= 2 && weightOf(next).links >= 0.6 * weightOf(next).text;
}

// A bold line that opens a short paragraph as its heading would ("**Diskutieren Sie mit uns**
// Melden Sie sich an …"): the paragraph is the section it opens.
function leadsShortParagraph(el: Element, root: ParentNode, weightOf: WeightOf): boolean {
  const parent = el.parent;
  if (!parent || parent === root || !isElement(parent) || (parent.name !== 'p' && parent.name !== 'div') || weightOf(parent).text > 240) return false;
  return parent.children.find((c) => isElement(c) || (isText(c) && c.data.trim() !== '')) === el;
}

// All bold or italic.
function emphasised(el: Element): boolean {
  const parts = el.children.filter((c) => isElement(c) || (isText(c) && c.data.trim() !== ''));
  return parts.length === 1 && isElement(parts[0]!) && EMPHASIS.has(parts[0].name);
}

const EMPHASIS = new Set(['strong', 'b', 'em', 'i', 'u']);

// Comment threads and cookie-consent panels: chrome however long they run (a busy thread, or
// a panel describing every cookie, outweighs the article).
function isComments(el: Element): boolean {
  const a = el.attribs;
  return (!!a.class && COMMENTS_NAME.test(a.class)) || (!!a.id && COMMENTS_NAME.test(a.id));
}

// Class words that say what a block holds beside its text ("o-section--has-ads",
// "with-sidebar"), not what it is.
const HOLDS = /(^|[-_\s])(?:has|with)-[A-Za-z0-9]+/g;

// A page builder's names for its own blocks ("elementor-widget-wrap",
// "elementor-widget-text-editor"): on such a page every block is a widget, its text too;
// what follows the prefix still says what the block is ("…-share-buttons").
const BUILDER = /(^|\s)elementor-widget(?=[-\s]|$)-?/g;

// A publishing state of the post, not a block promoting something else: Drupal marks the
// articles it puts on the front page ("node--promoted", "node-not-promoted").
const PROMOTED_STATE = /(^|\s)(?:node-{1,2}(?:not-)?|is-)promoted(?=\s|$)/g;

function isBoilerplate(el: Element): boolean {
  if (BOILERPLATE_TAGS.has(el.name)) return true;
  const a = el.attribs;
  if (a.role && BOILERPLATE_ROLES.has(a.role)) return true;
  if (a.hidden !== undefined || a['aria-hidden'] === 'true') return true;
  if (a.style && HIDDEN_STYLE.test(a.style)) return true;
  if (a.class && HIDDEN_CLASS.test(a.class)) return true;
  if (HEADINGS.has(el.name)) return false; // a heading's class names describe its looks
  let cls = a.class && (a.class.includes('has-') || a.class.includes('with-')) ? a.class.replace(HOLDS, '$1') : a.class;
  if (cls && cls.includes('elementor-widget')) cls = cls.replace(BUILDER, '$1');
  if (cls && cls.includes('promoted')) cls = cls.replace(PROMOTED_STATE, '$1');
  return (!!cls && BOILERPLATE_NAME.test(cls)) || (!!a.id && BOILERPLATE_NAME.test(a.id));
}

function largest(els: Element[], weightOf: WeightOf): Element | undefined {
  let best: Element | undefined;
  for (const el of els) if (!best || prose(weightOf(el)) > prose(weightOf(best))) best = el;
  return best;
}

function commonAncestor(els: Element[]): ParentNode | undefined {
  let candidate: ParentNode | null = els[0]?.parent ?? null;
  while (candidate && !els.every((el) => contains(candidate!, el))) candidate = candidate.parent;
  return candidate ?? undefined;
}
