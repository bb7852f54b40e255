// Who took a picture, written at the end of its caption, in the same text as the caption's
// own words ("Die Altstadt im Winter. Foto: Jane Doe", "… (REUTERS/Jane Doe)", "Stau © Jane
// Doe / Agency"): the credit is about the picture rather than part of the article, the
// caption is the article's. A line that is only a credit goes whole (markers.ts); here the
// credit is cut from the end of a caption's text and the caption stays; so is the reading
// time from the end of a by-line.
import { type ChildNode, type Element, isElement, isNonContent, isText, type ParentNode, shownText } from '../dom.js';
import { collapseWhiteSpace } from './markers.js';
import type { WeightOf } from './weight.js';

// Words that say what follows is a credit, when a colon or the copyright sign follows them.
const MARKER =
  '(?:fotos?|photos?|photograph(?:er)?|photo credits?|fotograf[ií]a|foto(?:grafie)?|(?:titel|beitrags|aufmacher|vorschau|symbol)?bild(?:er)?|images?|imagen(?:es)?|imagem|immagine|beeld|kuvat?|cr[ée]dits?(?: photos?)?|cr[ée]ditos?|zdj[ęe]cie|fot)';

// Agencies that sell pictures, named in a credit with the photographer's name around them.
const AGENCY =
  '(?:reuters|afp|ap(?: photo)?|dpa|efe|epa|ansa|apa|keystone|pap|anp|belga|sid|kna|epd|xinhua|getty(?: ?images)?|imago(?: images)?|picture[- ]alliance|shutterstock|istock(?:photo)?(?:\\.com)?|adobe ?stock|stock\\.adobe\\.com|fotolia|clipdealer|pixabay|unsplash|pexels|alamy)';

// What may stand between the caption's words and its credit.
const SEPARATED = '(?:^|[.!?…)\\]»"”|/–—·•,;]\\s*|\\s-\\s*)';

// A credit at the end of a caption's text, from where it starts:
const CREDITS_AT_END = [
  new RegExp(
    [
      // after a separator or a sentence: "Foto: Jane Doe", "Bild: AFP/SID", "Imagen: Télam"
      `${SEPARATED}${MARKER}\\s*(?::|(?=©))\\s*[^:!?]{1,60}$`,
      // or in parentheses: "(Foto: Jane Doe)", "(REUTERS/Jane Doe)", "(Jane Doe / iStock.com)"
      `\\(\\s*${MARKER}\\s*:[^()]{1,60}\\)\\.?$`,
      `\\([^()]{0,50}\\b${AGENCY}\\b[^()]{0,30}\\)\\.?$`,
      // the agency after a separator: "/ Shutterstock", "| Jane Doe / iStock.com"
      `(?:^|[/|–—]|\\s-)\\s*(?:[\\p{L}.' -]{0,40}/\\s*)?${AGENCY}\\b[^.!?:()]{0,30}$`,
      // where the picture was found: "Bild via <link>"
      `${SEPARATED}(?:bild|foto|photo|image|picture|pic)\\s+via\\b[^.!?:]{0,60}$`,
    ].join('|'),
    'iu',
  ),
  // the copyright sign and the holder: "© Jane Doe / Agency", "(C) Jane Doe" (an item "(c)"
  // of a list is lower-case and goes on as a sentence)
  /(?:©|\(C\)(?=\s*\p{Lu}))[^©]{1,60}$/u,
  // and, at the end of a by-line, how long the article takes to read: "By Jane Doe, Feb 8,
  // 2020 · 5 min read"; the by-line and the date are the reader's, the reading time is not
  /(?:^|[\s|·•,–—-])\d+\s*(?:min|mins|minutes?|minuten|minutos?)\.?\s*(?:read|lesezeit|lesedauer|de lectura|de lecture|di lettura|leestijd)$/iu,
];

// How to see the picture larger, written into its caption as a sentence of its own ("Zum
// Vergrößern auf das Bild klicken.", "Click to enlarge"): an instruction of the page, not
// words of the article.
const ENLARGE = [
  'zum vergrößern[^.!?()]{0,40}?klicken',
  '(?:klicken sie|klicke|klick)(?!\\p{L})[^.!?()]{0,40}?vergrößer\\p{L}*',
  '(?:click|tap)(?!\\p{L})[^.!?()]{0,30}?(?:enlarge|larger (?:image|view|version))',
  'cliquez[^.!?()]{0,30}?agrandir',
  '(?:haga |haz )?clic(?!\\p{L})[^.!?()]{0,30}?ampliar',
  'kliknij[^.!?()]{0,30}?powiększ\\p{L}*',
  'clicca[^.!?()]{0,30}?ingrandir\\p{L}*',
].join('|');
// A sentence of its own (the sentence before keeps its end), or a bracket after the words.
const ENLARGE_HINT = new RegExp(`(?:(^|[.!?)]\\s+)\\(?(?:${ENLARGE})[.!]?\\)?|\\s*\\((?:${ENLARGE})[.!]?\\))(?=\\s|$)`, 'giu');
const MAY_ENLARGE = /vergrößer|enlarge|larger|agrandir|ampliar|powiększ|ingrandir/i;

// What every credit above holds: a separator, a bracket, the copyright sign, "via", or the
// minutes of a reading time. Most lines hold none of them, and are read no further.
const MAY_CREDIT = /[©:/|(–—]|\svia\b|\s-\s|\d\s*min/;

// A cut caption does not end in what separated it from its credit.
const SEPARATOR_AT_END = /[\s|/–—·•,;-]+$/u;

// Characters of a caption's text read for a credit: a credit is short, and so is what the
// patterns run on.
const TAIL = 120;

// Boxes a caption's text may be split into: a caption is read as a whole line, not a
// paragraph of a box that holds others.
const BLOCK_CHILDREN = new Set(['p', 'div', 'figcaption', 'figure', 'ul', 'ol', 'li', 'table', 'section', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// What a caption is written in: not a link, an item of a list, a button or the title.
const CAPTIONS = new Set(['figcaption', 'p', 'div', 'span', 'small', 'strong', 'b', 'dd', 'h2', 'h3', 'h4', 'h5', 'h6']);

// Longer than this, a piece of text is not a caption.
const CAPTION_AT_MOST = 300;

export interface Credits {
  root: ParentNode; // the article
  weightOf: WeightOf;
  skip: Set<Element>; // left out; grows by what follows a credit
}

/**
 * Cuts the credits at the end of the short lines of the article. The text nodes are changed
 * in place: the tree was parsed for this scrape, and only the serializers read it after.
 */
export function cutCredits({ root, weightOf, skip }: Credits): void {
  const visit = (parent: ParentNode): void => {
    for (const el of parent.children) {
      if (!isElement(el) || isNonContent(el) || skip.has(el)) continue;
      const w = weightOf(el).text;
      // A line is read with its inline parts; a longer text may hold a caption in one.
      if (!CAPTIONS.has(el.name) || holdsBlock(el) || w > CAPTION_AT_MOST) {
        visit(el);
        continue;
      }
      if (w === 0) continue;
      let text = shownText(el, skip);
      if (MAY_ENLARGE.test(text)) {
        cutEnlargeHints(el, skip);
        text = shownText(el, skip);
      }
      if (MAY_CREDIT.test(text.length > TAIL ? text.slice(-TAIL) : text)) cutCredit(el, text, skip);
    }
  };
  visit(root);
}

// Takes the hints to enlarge the picture out of the caption's text nodes.
function cutEnlargeHints(el: Element, skip: ReadonlySet<Element>): void {
  for (const c of el.children) {
    if (isText(c)) c.data = c.data.replace(ENLARGE_HINT, '$1');
    else if (isElement(c) && !isNonContent(c) && !skip.has(c)) cutEnlargeHints(c, skip);
  }
}

function holdsBlock(el: Element): boolean {
  for (const c of el.children) if (isElement(c) && BLOCK_CHILDREN.has(c.name)) return true;
  return false;
}

// Cuts the credit at the end of a caption's text: the text nodes from where it starts are
// shortened or emptied, the elements after it left out.
function cutCredit(el: Element, text: string, skip: Set<Element>): void {
  // The patterns read the text with its white space collapsed, as the output shows it.
  const line = collapseWhiteSpace(text).trim();
  const from = Math.max(0, line.length - TAIL);
  const tail = line.slice(from);
  let m: RegExpExecArray | null = null;
  for (const r of CREDITS_AT_END) {
    const found = r.exec(tail);
    if (found && (!m || found.index < m.index)) m = found;
  }
  if (!m) return;
  // The match may begin with the separator or the sentence end before the credit: the cut
  // starts at the credit's first letter or sign, and the sentence keeps its full stop.
  const start = from + m.index + m[0].search(/[\p{L}\p{N}©(]/u);
  // A line that is only a credit goes whole, or stays, by the line markers.
  const kept = line.slice(0, start).replace(SEPARATOR_AT_END, '');
  if (kept !== '') cutFrom(el, rawLength(text, kept.length), skip);
}

// How many characters of the text hold its first `n` characters once white space is collapsed.
function rawLength(text: string, n: number): number {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  for (let k = 0; k < n; k++) {
    if (/\s/.test(text[i]!)) while (i < text.length && /\s/.test(text[i]!)) i++;
    else i++;
  }
  return i;
}

// Cuts the element's text from the offset on: `at` counts the characters of text before.
function cutFrom(el: Element, offset: number, skip: Set<Element>): void {
  let at = 0;
  const visit = (node: ChildNode): void => {
    if (isText(node)) {
      const end = at + node.data.length;
      if (end > offset) node.data = at >= offset ? '' : node.data.slice(0, offset - at);
      at = end;
      return;
    }
    if (!isElement(node) || isNonContent(node) || skip.has(node)) return;
    if (at >= offset) {
      skip.add(node);
      return;
    }
    for (const c of node.children) visit(c);
  };
  for (const c of el.children) visit(c);
}
