// Today's engine as it stood before issue #16 (src/scrape/transform/main-content.ts at commit 33c3ca8),
// frozen so that the quality benchmark measures the new engine's precision, recall and CPU
// per page against it in the same run. Not used by Trawl itself.
// onlyMainContent: keep the article, drop the page's chrome (navigation, site header and
// footer, sidebars, cookie banners, ads, share widgets, related posts, comment forms).
//
// 1. Find the content root: <main>/[role=main], else <article>, else the element a
//    text-density descent from <body> settles on.
// 2. Inside it, drop boilerplate by tag, ARIA role, hidden state and class/id words,
//    never dropping an element that holds the page title or most of the text.
// 3. If that would leave the page nearly empty, change nothing.
import { Document } from 'domhandler';
import type { Content } from '../../src/scrape/transform/content.js';
import { contains, type Element, hasAncestor, isElement, isNonContent, isText, type ParentNode } from '../../src/scrape/transform/dom.js';
import { tableKind } from '../../src/scrape/transform/table-kind.js';

interface Weight {
  text: number; // characters of text
  links: number; // of which inside links
}

const BOILERPLATE_TAGS = new Set([
  'nav', 'aside', 'footer', 'header', 'form', 'fieldset', 'label', 'button', 'select', 'input', 'textarea',
  'dialog',
]);

const BOILERPLATE_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog',
  'menu', 'menubar', 'tooltip',
]);

// Words of class names and ids that mark chrome. A word matches after a start or a
// separator and is not followed by more lower-case letters, so "ad" matches "ad-slot" and
// "ad2" but not "header", "add" or "badge". camelCase humps are not boundaries: generated
// names like "anchorWithStickyNavbar_LWe7" would match. "header" and "banner" are left out:
// article headers and hero banners carry titles.
const BOILERPLATE_WORDS = [
  // navigation
  'nav', 'navbar', 'navigation', 'subnav', 'sidenav', 'topnav', 'menu', 'menubar', 'breadcrumb',
  'breadcrumbs', 'crumbs', 'pagination', 'pager', 'toc', 'table-of-contents', 'skip-link', 'skiplink',
  'skip-to-content', 'jump', 'back-to-top',
  // site chrome
  'masthead', 'site-header', 'global-header', 'topbar', 'top-bar', 'footer', 'colophon', 'sidebar',
  'side-bar', 'widget', 'widgets', 'announcement', 'language-selector', 'lang-selector',
  'language-switcher', 'locale-switcher', 'searchbar', 'search-form', 'search-box', 'buttons', 'print',
  'edit-this-page', 'feedback', 'tooltip', 'slider-counter',
  // consent, pop-ups, sign-ups
  'cookie', 'cookies', 'consent', 'gdpr', 'onetrust', 'modal', 'popup', 'pop-up', 'overlay',
  'interstitial', 'newsletter', 'subscribe', 'subscription', 'signup', 'sign-up', 'optin', 'opt-in',
  // advertising
  'ad', 'ads', 'advert', 'adverts', 'advertisement', 'advertising', 'adslot', 'adsbygoogle', 'dfp',
  'sponsor', 'sponsored', 'sponsors', 'promo', 'promoted', 'outbrain', 'taboola',
  // sharing, related content, comments
  'social', 'share', 'shares', 'sharing', 'sharethis', 'addthis', 'related', 'relatedposts',
  'recommended', 'recommendations', 'read-next', 'more-stories', 'most-read', 'most-popular',
  'trending', 'comment', 'comments', 'respond', 'disqus',
  // text only screen readers see
  'sr-only', 'visually-hidden', 'screen-reader-text',
];

const BOILERPLATE_NAME = new RegExp(
  `(?:^|[^A-Za-z0-9])(?:${BOILERPLATE_WORDS.map(
    (w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`,
  ).join('|')})(?![a-z])`,
);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

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
  const survey: Survey = { weights: new Map(), skip: content.skip, mains: [], articles: [], h1s: [], chrome: [] };
  const topWeight = measure(top, survey, false, false, false, false);
  survey.weights.set(top, topWeight);
  const weightOf = (node: ParentNode): Weight => survey.weights.get(node) ?? NOTHING;
  const isTitle = (h1: Element) => weightOf(h1).text > 0 && weightOf(h1).links < weightOf(h1).text;

  const root = options.findRoot ? contentRoot(top, survey, weightOf) : top;
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

  // Chrome was noted outermost first, so a piece inside one already dropped is passed over.
  const skip = new Set(content.skip);
  let dropped = 0;
  for (const el of survey.chrome) {
    if (!inRoot(el) || keep.has(el) || prose(weightOf(el)) > heavy || hasAncestor(el, (a) => skip.has(a))) continue;
    skip.add(el);
    dropped += weightOf(el).text;
  }

  const remaining = rootWeight.text - dropped + (title ? weightOf(title).text : 0);
  if (remaining < 250 && remaining < 0.25 * topWeight.text) return content;

  const nodes = root === top ? content.nodes : title ? [title, root as Element] : [root as Element];
  return { nodes, skip };
}

const NOTHING: Weight = { text: 0, links: 0 };

interface Survey {
  // Only for the elements asked about later: landmarks, containers, titles, chrome.
  weights: Map<ParentNode, Weight>;
  skip: ReadonlySet<Element>;
  mains: Element[]; // outermost <main> / [role=main]
  articles: Element[]; // outermost <article>
  h1s: Element[];
  chrome: Element[]; // boilerplate candidates, in document order
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
  const w: Weight = { text: 0, links: 0 };
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
      if (isChrome) survey.chrome.push(child);
      const c = measure(child, survey, inLink || name === 'a', inMain || isMain, inArticle || isArticle, inOpaque || isOpaque(child));
      if (isMain || isArticle || isChrome || name === 'h1' || isContainer(child)) survey.weights.set(child, c);
      w.text += c.text;
      w.links += c.links;
    } else if (isText(child)) {
      const n = child.data.trim().length;
      w.text += n;
      if (inLink) w.links += n;
    }
  }
  return w;
}

function prose(w: Weight): number {
  return w.text - w.links;
}

function contentRoot(top: ParentNode, survey: Survey, weightOf: (node: ParentNode) => Weight): ParentNode {
  const total = prose(weightOf(top));
  const substantial = (el: Element | undefined) => el && prose(weightOf(el)) >= 0.25 * total;

  const main = largest(survey.mains, weightOf);
  if (substantial(main)) return main!;

  const { articles } = survey;
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

  return densest(top, weightOf);
}

// Descends from <body> while one child holds most of the prose of its parent: chrome is
// either link lists (navigation, footers) or small, so the article is what is left. Only
// containers are entered: a long paragraph must not shed the table or list beside it.
function densest(top: ParentNode, weightOf: (node: ParentNode) => Weight): ParentNode {
  let node = top;
  for (;;) {
    const total = prose(weightOf(node));
    const next = node.children.find((c) => isElement(c) && isContainer(c) && prose(weightOf(c)) >= 0.7 * total);
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

function isBoilerplate(el: Element): boolean {
  if (BOILERPLATE_TAGS.has(el.name)) return true;
  const a = el.attribs;
  if (a.role && BOILERPLATE_ROLES.has(a.role)) return true;
  if (a.hidden !== undefined || a['aria-hidden'] === 'true') return true;
  if (a.style && HIDDEN_STYLE.test(a.style)) return true;
  if (HEADINGS.has(el.name)) return false; // a heading's class names describe its looks
  return (!!a.class && BOILERPLATE_NAME.test(a.class)) || (!!a.id && BOILERPLATE_NAME.test(a.id));
}

function largest(els: Element[], weightOf: (node: ParentNode) => Weight): Element | undefined {
  let best: Element | undefined;
  for (const el of els) if (!best || prose(weightOf(el)) > prose(weightOf(best))) best = el;
  return best;
}

function commonAncestor(els: Element[]): ParentNode | undefined {
  let candidate: ParentNode | null = els[0]?.parent ?? null;
  while (candidate && !els.every((el) => contains(candidate!, el))) candidate = candidate.parent;
  return candidate ?? undefined;
}
