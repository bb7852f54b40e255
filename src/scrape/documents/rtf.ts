import { decodeAs, usableEncoding } from './decode.js';
import { MIME_TYPES } from './detect.js';
import { DocumentError } from './errors.js';
import { escapeHtml, htmlDocument, htmlTable } from './markup.js';
import type { DocumentResult } from './result.js';

/**
 * RTF → HTML: paragraphs, line breaks, bold/italic and simple tables; the title from
 * `\info`. Fonts, colours, pictures, headers, footers, footnotes and field codes are
 * skipped. RTF is a small language, and no dependency on hand reads it better.
 */
export function parseRtf(bytes: Uint8Array): DocumentResult {
  // RTF is 7-bit; anything above is escaped as \'hh or \uN, so a byte per char is exact.
  const reader = new RtfReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  const { body, title } = reader.read();
  const result: DocumentResult = { kind: 'rtf', mimeType: MIME_TYPES.rtf, html: htmlDocument(body, title), warnings: [] };
  if (title) result.title = title;
  return result;
}

/** Destinations whose text is not document text. */
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'listtable', 'listoverridetable', 'revtbl', 'rsidtbl', 'info',
  'pict', 'object', 'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl', 'footerr', 'footerf',
  'footnote', 'fldinst', 'themedata', 'colorschememapping', 'datastore', 'latentstyles', 'xmlnstbl',
  'generator', 'filetbl', 'mmathPr', 'pgdsctbl',
]);

const SYMBOLS: Readonly<Record<string, string>> = {
  emdash: '—', endash: '–', bullet: '•', lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”',
  tab: '\t', line: '\n', emspace: ' ', enspace: ' ',
};

interface GroupState {
  skip: boolean;
  title: boolean;
  bold: boolean;
  italic: boolean;
  /** How many fallback characters follow each \uN. */
  uc: number;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const TOKEN_PATTERN = /\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z])|([{}])|([\r\n]+)|([^\\{}\r\n]+)/y;
const MAX_DEPTH = 1000;

class RtfReader {
  private readonly token = new RegExp(TOKEN_PATTERN);
  private state: GroupState = { skip: false, title: false, bold: false, italic: false, uc: 1 };
  private readonly stack: GroupState[] = [];
  private encoding = 'windows-1252';
  private pendingBytes: number[] = [];
  private fallbackToSkip = 0;
  /** True right after `{`: a control word there names the group's destination. */
  private groupStart = false;
  private runs: Run[] = [];
  private inTable = false;
  private cell: string[] = [];
  private row: string[] = [];
  private rows: string[][] = [];
  private readonly blocks: string[] = [];
  private title = '';

  constructor(private readonly source: string) {}

  read(): { body: string; title: string | undefined } {
    if (!this.source.startsWith('{\\rtf')) throw new DocumentError('corrupt', 'The RTF file does not start with {\\rtf');
    this.token.lastIndex = 0;
    while (this.token.lastIndex < this.source.length) {
      const at = this.token.lastIndex;
      const m = this.token.exec(this.source);
      if (!m) {
        this.token.lastIndex = at + 1;
        continue;
      }
      const [, word, param, hex, symbol, brace, , text] = m;
      const wasGroupStart = this.groupStart;
      this.groupStart = false;
      if (word !== undefined) this.controlWord(word, param === undefined ? undefined : Number(param), wasGroupStart);
      else if (hex !== undefined) this.byte(parseInt(hex, 16));
      else if (symbol !== undefined) this.controlSymbol(symbol, wasGroupStart);
      else if (brace === '{') this.open();
      else if (brace === '}') this.close();
      else if (text !== undefined) this.text(text);
    }
    this.endParagraph();
    this.flushTable();
    return { body: this.blocks.join(''), title: this.title.trim() || undefined };
  }

  private open(): void {
    this.flushBytes();
    if (this.stack.length >= MAX_DEPTH) throw new DocumentError('corrupt', 'The RTF file nests groups too deeply');
    this.stack.push(this.state);
    this.state = { ...this.state };
    this.groupStart = true;
  }

  private close(): void {
    this.flushBytes();
    this.state = this.stack.pop() ?? this.state;
  }

  private controlWord(word: string, param: number | undefined, groupStart: boolean): void {
    if (groupStart && SKIPPED_DESTINATIONS.has(word)) {
      this.state.skip = true;
      return;
    }
    if (word === 'title' && groupStart) {
      this.state.skip = false;
      this.state.title = true;
      return;
    }
    switch (word) {
      case 'par':
      case 'sect':
      case 'page':
        this.endParagraph();
        return;
      case 'pard':
        this.inTable = false;
        return;
      case 'intbl':
        this.inTable = true;
        return;
      case 'cell':
        this.endCell();
        return;
      case 'row':
        this.rows.push(this.row);
        this.row = [];
        return;
      case 'b':
        this.state.bold = param !== 0;
        return;
      case 'i':
        this.state.italic = param !== 0;
        return;
      case 'plain':
        this.state.bold = this.state.italic = false;
        return;
      case 'uc':
        this.state.uc = param ?? 1;
        return;
      case 'u':
        this.flushBytes();
        this.emit(String.fromCharCode((param ?? 0) < 0 ? (param ?? 0) + 65536 : (param ?? 0)));
        this.fallbackToSkip = this.state.uc;
        return;
      case 'ansicpg':
        this.encoding = codepageEncoding(param) ?? this.encoding;
        return;
      case 'bin':
        // Raw binary data of the given length follows; it is never text.
        this.token.lastIndex += Math.max(0, param ?? 0);
        return;
    }
    const symbol = SYMBOLS[word];
    if (symbol !== undefined) this.emit(symbol);
  }

  private controlSymbol(symbol: string, groupStart: boolean): void {
    if (symbol === '*') {
      // An ignorable destination: a reader that does not know it must skip it.
      if (groupStart) this.state.skip = true;
      this.groupStart = groupStart;
      return;
    }
    if (symbol === '~') this.emit('\u00a0');
    else if (symbol === '_') this.emit('\u2011');
    else if (symbol === '\\' || symbol === '{' || symbol === '}') this.emit(symbol);
    else if (symbol === '\n' || symbol === '\r') this.endParagraph();
  }

  private byte(value: number): void {
    if (this.state.skip) return;
    if (this.fallbackToSkip > 0) {
      this.fallbackToSkip--;
      return;
    }
    this.pendingBytes.push(value);
  }

  private text(text: string): void {
    let chars = text;
    if (this.fallbackToSkip > 0) {
      const skipped = Math.min(this.fallbackToSkip, chars.length);
      chars = chars.slice(skipped);
      this.fallbackToSkip -= skipped;
    }
    if (chars) this.emit(chars);
  }

  private emit(text: string): void {
    if (this.state.skip) return;
    this.flushBytes();
    this.fallbackToSkip = 0;
    this.append(text);
  }

  /** \'hh bytes are decoded together, since one character may take two of them (Shift_JIS, GBK). */
  private flushBytes(): void {
    if (!this.pendingBytes.length) return;
    const text = decodeAs(new Uint8Array(this.pendingBytes), this.encoding);
    this.pendingBytes = [];
    if (!this.state.skip) this.append(text);
  }

  private append(text: string): void {
    if (this.state.title) {
      this.title += text;
      return;
    }
    const last = this.runs.at(-1);
    if (last && last.bold === this.state.bold && last.italic === this.state.italic) last.text += text;
    else this.runs.push({ text, bold: this.state.bold, italic: this.state.italic });
  }

  private paragraphHtml(): string {
    this.flushBytes();
    const html = this.runs
      .map((run) => {
        let h = escapeHtml(run.text).replace(/\n/g, '<br>').replace(/\t/g, ' ');
        if (!run.text.trim()) return h;
        if (run.italic) h = `<em>${h}</em>`;
        if (run.bold) h = `<strong>${h}</strong>`;
        return h;
      })
      .join('')
      .trim();
    this.runs = [];
    return html;
  }

  private endParagraph(): void {
    const html = this.paragraphHtml();
    if (this.inTable) {
      if (html) this.cell.push(html);
      return;
    }
    this.flushTable();
    if (html) this.blocks.push(`<p>${html}</p>`);
  }

  private endCell(): void {
    const html = this.paragraphHtml();
    if (html) this.cell.push(html);
    this.row.push(this.cell.join('<br>'));
    this.cell = [];
  }

  private flushTable(): void {
    if (this.row.length) this.rows.push(this.row);
    if (this.rows.length) this.blocks.push(htmlTable(this.rows));
    this.rows = [];
    this.row = [];
  }
}

function codepageEncoding(codepage: number | undefined): string | undefined {
  if (codepage === undefined) return undefined;
  const names: Readonly<Record<number, string>> = { 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 65001: 'utf-8' };
  return usableEncoding(names[codepage] ?? `windows-${codepage}`);
}
