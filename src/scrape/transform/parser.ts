import { Parser } from 'htmlparser2';

// htmlparser2's parser reads every tag and attribute name as a new string (a copy out of the
// page, then lower-cased) and sets the attribute under it; a fresh string as a property name
// is looked up in V8's string table each time. A page repeats a few dozen names thousands
// of times, so each name is read once into a table here and the same string handed out
// again wherever the page spells it (in any case): the attribute's duplicate check fell from
// ~7% of a parse to ~1.5%, parse CPU on the 990 corpus pages by 2-13% (paired runs, load 7-14).
// This leans on the parser's private names: test/scrape/transform/dom.test.ts compares
// parseHtml against htmlparser2's own parser.
export class NamingParser extends Parser {}

const internals = NamingParser.prototype as unknown as ParserInternals;
const original = Parser.prototype as unknown as ParserInternals;

internals.onattribname = function (this: ParserInternals, start: number, endIndex: number): void {
  const name = this.lowerCaseAttributeNames ? known(this, start, endIndex) : undefined;
  if (name === undefined) {
    original.onattribname.call(this, start, endIndex);
    return;
  }
  this.startIndex = start;
  this.attribname = name;
};

internals.readTagName = function (this: ParserInternals, start: number, endIndex: number): string {
  // Outside SVG and MathML (the base entry of foreignContext alone), a tag name is its
  // lower-cased text, <image> being <img>.
  const plain = this.lowerCaseTagNames && this.htmlMode && this.foreignContext.length === 1;
  const name = plain ? known(this, start, endIndex) : undefined;
  if (name === undefined) return original.readTagName.call(this, start, endIndex);
  return name === 'image' ? 'img' : name;
};

// The parser's fields these read and set (private in its types).
interface ParserInternals {
  buffers: string[];
  bufferOffset: number;
  foreignContext: unknown[];
  htmlMode: boolean;
  lowerCaseTagNames: boolean;
  lowerCaseAttributeNames: boolean;
  attribname: string;
  startIndex: number;
  onattribname(start: number, endIndex: number): void;
  readTagName(start: number, endIndex: number): string;
}

const SLOTS = 4096; // a power of two
const LONGEST = 32;
const names: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);

// The lower-cased name at [start, end) of the page, from the table when it holds it; undefined
// for what the parser's own reading is left to (names split across written chunks, long or
// non-ASCII names, whose lower case this does not compute).
function known(p: ParserInternals, start: number, end: number): string | undefined {
  if (p.buffers.length !== 1) return undefined;
  const buffer = p.buffers[0]!;
  const from = start - p.bufferOffset;
  const length = end - start;
  if (length <= 0 || length > LONGEST) return undefined;
  let hash = length;
  for (let i = from; i < from + length; i++) {
    const c = buffer.charCodeAt(i);
    if (c >= 0x80) return undefined;
    hash = (Math.imul(hash, 31) + lower(c)) | 0;
  }
  const slot = (hash ^ (hash >>> 12)) & (SLOTS - 1);
  const seen = names[slot];
  if (seen !== undefined && seen.length === length) {
    let i = 0;
    while (i < length && lower(buffer.charCodeAt(from + i)) === seen.charCodeAt(i)) i++;
    if (i === length) return seen;
  }
  const name = buffer.slice(from, from + length).toLowerCase();
  names[slot] = name;
  return name;
}

function lower(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}
