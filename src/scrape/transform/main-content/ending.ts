// The end of an article: what a page puts after the last line of the text and marks no
// other way. A heading with nothing after it heads a section that is not there (a comment
// thread or a list of other stories that a script fills in, or that went); a short line
// that is not a sentence, last in the article, is a label of the same kind ("Über den
// Autor", "Themen im Artikel") or a sign-off, not text.
import { type Element, hasAncestor, isElement, isNonContent, isText, type ParentNode, textOf } from '../dom.js';
import { HEADINGS } from './cards.js';
import { endsSentence } from './markers.js';
import type { WeightOf } from './weight.js';

// Blocks that end an article with a line of their own.
const TRAILING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div']);

// How an author signs off a post, before a name.
const SIGN_OFF =
  /^(?:euer?|eure|deine?|liebe grüße|viele grüße|herzliche grüße|lg|xoxo|xx?|cheers|love|best|cordialement|bisous|saludos|besos|un abrazo|baci|pozdrawiam)\b[\s,]*\p{L}/u;

// Where the last line is an item of a list or a table: the article ends with its data.
const ENUMERATIONS = new Set(['ul', 'ol', 'dl', 'table', 'pre']);

export interface Ending {
  pieces: readonly Element[]; // what may be chrome, in document order
  root: ParentNode;
  inRoot: (el: Element) => boolean;
  skip: ReadonlySet<Element>; // left out so far; grows as `drop` is called
  weightOf: WeightOf;
  tiny: boolean; // a page of a few lines: every line is its content
  drop: (el: Element) => void;
}

/** Drops up to three labels that end the article, last first. */
export function dropEnding({ pieces, root, inRoot, skip, weightOf, tiny, drop }: Ending): void {
  const isSkipped = (n: Element) => skip.has(n) || hasAncestor(n, (a) => skip.has(a));
  for (let i = pieces.length - 1, n = 0; i >= 0 && n < 3; i--) {
    const el = pieces[i]!;
    if (!TRAILING.has(el.name) || !inRoot(el) || isSkipped(el) || weightOf(el).text === 0) continue;
    // A link, a figure or a line of data (a phone number, "390 kcal") last in the text is
    // the article's own: a source it cites, a fact it ends on. On a page of a few lines
    // every line is its content, not a label after an article.
    if (!HEADINGS.has(el.name) && (tiny || /\d/.test(textOf(el)) || hasAncestor(el, (a) => ENUMERATIONS.has(a.name)))) break;
    // A line that ends a sentence closes the text; one that ends in a colon leads to
    // what followed it (a download, an embedded post) and says what that was.
    const line = textOf(el).trim();
    if (weightOf(el).text > 60 || endsSentence(line) || (!HEADINGS.has(el.name) && line.endsWith(':')) || !nothingAfter(el, root, skip)) break;
    // The author signing off ("Euer Hans", "xoxo Franzi") ends the text as its own.
    if (!HEADINGS.has(el.name) && SIGN_OFF.test(line.toLowerCase())) break;
    drop(el);
    n++;
  }
}

// No text after the element up to the end of the root, besides what is left out.
function nothingAfter(el: Element, root: ParentNode, skip: ReadonlySet<Element>): boolean {
  for (let n: ParentNode | null = el; n && n !== root; n = n.parent) {
    for (let s = (n as Element).next; s; s = s.next) {
      if (isText(s) && s.data.trim() !== '') return false;
      if (isElement(s) && !skip.has(s) && !isNonContent(s) && textOf(s).trim() !== '') return false;
    }
  }
  return true;
}
