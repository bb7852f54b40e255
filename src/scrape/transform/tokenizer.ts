import { Tokenizer } from 'htmlparser2';

// htmlparser2's tokenizer takes a page a character at a time, through a switch on its state
// for each. Where it only waits for one of a few characters (the end of a script, a style or
// a comment; the next "<" or "&" of text; the closing quote or "&" of an attribute value)
// the search goes to the engine's string search instead: the same tokens at the same
// offsets, the characters in between skipped without a state switch each. Parsing was ~60%
// of the transform on the 990 corpus pages (scripts, styles, long texts): 3.2 -> 2.3 ms a page.
// An attribute name's characters are skipped the same way, by a plain loop (names are short).
// These lean on the tokenizer's private names: test/scrape/transform/dom.test.ts compares
// parseHtml against htmlparser2's own parser.
export class SearchingTokenizer extends Tokenizer {}

// The tokenizer's fields and states these replace (private in its types).
interface TokenizerInternals {
  buffer: string;
  offset: number;
  index: number;
  decodeEntities: boolean;
  fastForwardTo(c: number): boolean;
  stateText(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateInAttributeName(c: number): void;
}

const AMP = 0x26;
const EQUALS = 0x3d;
const SLASH = 0x2f;
const GT = 0x3e;
const LT = 0x3c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

const internals = SearchingTokenizer.prototype as unknown as TokenizerInternals;
const original = Tokenizer.prototype as unknown as TokenizerInternals;

// Moves to the next `c` after the current character; at the end of the buffer when none.
internals.fastForwardTo = function (this: TokenizerInternals, c: number): boolean {
  const at = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
  if (at < 0) {
    // The tokenizer's loop steps past the last character and ends.
    this.index = this.buffer.length + this.offset - 1;
    return false;
  }
  this.index = at + this.offset;
  return true;
};

// Leaves the tokenizer on the character before the next `a` or `b`, where the original
// state would have done nothing on each character in between. Most runs are short (the
// line break between two tags): a few characters are looked at here before a search that
// costs more to start than to run.
function skipTo(t: TokenizerInternals, a: number, b: number, stop: RegExp): void {
  const buffer = t.buffer;
  let i = t.index + 1 - t.offset;
  const near = Math.min(buffer.length, i + 16);
  for (; i < near; i++) {
    const c = buffer.charCodeAt(i);
    if (c === a || c === b) break;
  }
  if (i === near && i < buffer.length) {
    stop.lastIndex = i;
    i = stop.test(buffer) ? stop.lastIndex - 1 : buffer.length;
  }
  t.index = i + t.offset - 1;
}

const TEXT_STOP = /[<&]/g;
const DOUBLE_QUOTED_STOP = /["&]/g;
const SINGLE_QUOTED_STOP = /['&]/g;

internals.stateText = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== LT && c !== AMP) skipTo(this, LT, AMP, TEXT_STOP);
  else original.stateText.call(this, c);
};

internals.stateInAttributeValueDoubleQuotes = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== DOUBLE_QUOTE && c !== AMP) skipTo(this, DOUBLE_QUOTE, AMP, DOUBLE_QUOTED_STOP);
  else original.stateInAttributeValueDoubleQuotes.call(this, c);
};

internals.stateInAttributeValueSingleQuotes = function (this: TokenizerInternals, c: number): void {
  if (this.decodeEntities && c !== SINGLE_QUOTE && c !== AMP) skipTo(this, SINGLE_QUOTE, AMP, SINGLE_QUOTED_STOP);
  else original.stateInAttributeValueSingleQuotes.call(this, c);
};

// An attribute name ends at "=", "/", ">" or white space (htmlparser2's isEndOfTagSection);
// the original state looked at each of its characters through the tokenizer's switch.
function endsName(c: number): boolean {
  return c === EQUALS || c === SLASH || c === GT || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

internals.stateInAttributeName = function (this: TokenizerInternals, c: number): void {
  if (endsName(c)) {
    original.stateInAttributeName.call(this, c);
    return;
  }
  const buffer = this.buffer;
  let i = this.index + 1 - this.offset;
  while (i < buffer.length && !endsName(buffer.charCodeAt(i))) i++;
  this.index = i + this.offset - 1;
};
