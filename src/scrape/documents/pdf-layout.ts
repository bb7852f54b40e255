/**
 * PDF text runs → markdown, one string per page. A PDF has no paragraphs, only
 * positioned strings; the structure here is inferred from geometry and kept modest:
 * lines from baselines, paragraphs from vertical gaps and first-line indents,
 * headings from font sizes clearly above the body text, list items from bullet
 * glyphs and numbers. Content-stream order is kept as reading order, since that is
 * what the authoring tool wrote and it survives multi-column layouts better than
 * re-sorting by position.
 */

export interface PdfTextRun {
  text: string;
  /** Baseline origin in PDF user space (y grows upwards). */
  x: number;
  y: number;
  width: number;
  fontSize: number;
  /** pdf.js's hint that a line ends after this run. */
  endOfLine: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  /** Font size of the line's longest run, so a footnote mark does not change the line's size. */
  size: number;
  end: number;
  longestRun: number;
}

/** Where a block's lines stand on the page, in PDF user space (y grows upwards). */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

type Block = { box: Box } & (
  | { type: 'heading'; text: string; size: number; lines: number; last: Line }
  | { type: 'paragraph'; text: string; last: Line; gap: number | undefined }
  | { type: 'item'; marker: string; text: string; x: number; last: Line; gap: number | undefined }
);

/** A laid-out block of one page, for `parsers[].blocks`. */
export interface LaidOutBlock {
  type: 'heading' | 'paragraph' | 'list_item';
  /** Heading level (1 = largest size in the document), for headings. */
  level?: number;
  text: string;
  box: Box;
}

// Ascenders reach about 0.8 em above the baseline, descenders 0.2 em below.
const lineBox = (line: Line): Box => ({ left: line.x, bottom: line.y - line.size * 0.2, right: line.end, top: line.y + line.size * 0.8 });

function grow(box: Box, line: Line): void {
  const b = lineBox(line);
  box.left = Math.min(box.left, b.left);
  box.bottom = Math.min(box.bottom, b.bottom);
  box.right = Math.max(box.right, b.right);
  box.top = Math.max(box.top, b.top);
}

const BULLET = /^([•◦▪▫‣⁃●○■□◆◇►▸✓✔➢➤·])\s*(.+)$/u;
/** Weaker markers: only trusted where a new block starts or a list is already running. */
const DASH_OR_NUMBER = /^([-–*]|\d{1,3}[.)])\s+(.+)$/u;
/** Word's default Heading 2 is 13 pt over 11 pt body text: 1.18. */
const HEADING_RATIO = 1.15;
/** Headings are short; a 40-line "heading" is a large-print paragraph. */
const MAX_HEADING_CHARS = 200;
const MAX_HEADING_LINES = 3;

/** Markdown for each page, in order. */
export function layoutPages(pages: readonly (readonly PdfTextRun[])[]): string[] {
  return layoutPagesWithBlocks(pages).markdowns;
}

/** Markdown for each page, and the blocks it was written from, in reading order. */
export function layoutPagesWithBlocks(pages: readonly (readonly PdfTextRun[])[]): { markdowns: string[]; blocks: LaidOutBlock[][] } {
  const pageLines = pages.map(toLines);
  const body = bodySize(pageLines.flat());
  const pageBlocks = pageLines.map((lines) => toBlocks(lines, body));
  const headingSizes = [...new Set(pageBlocks.flat().flatMap((b) => (b.type === 'heading' ? [b.size] : [])))].sort((a, b) => b - a);
  return {
    markdowns: pageBlocks.map((blocks) => render(blocks, headingSizes)),
    blocks: pageBlocks.map((blocks) =>
      blocks.map((b) => ({
        type: b.type === 'item' ? 'list_item' : b.type,
        ...(b.type === 'heading' && { level: Math.min(6, headingSizes.indexOf(b.size) + 1) }),
        text: b.text,
        box: b.box,
      })),
    ),
  };
}

/** The size most characters are set in. */
function bodySize(lines: readonly Line[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + l.text.length);
  let best = 0;
  let bestChars = -1;
  for (const [size, n] of chars) {
    if (n > bestChars) [best, bestChars] = [size, n];
  }
  return best;
}

function toLines(runs: readonly PdfTextRun[]): Line[] {
  const lines: Line[] = [];
  let line: Line | undefined;
  let pendingSpace = false;
  const close = () => {
    if (line && line.text.trim()) lines.push({ ...line, text: line.text.replace(/\s+/g, ' ').trim() });
    line = undefined;
    pendingSpace = false;
  };
  for (const run of runs) {
    const text = clean(run.text);
    const size = Math.round(run.fontSize * 2) / 2;
    if (!text.trim()) {
      if (text && line) pendingSpace = true;
      if (run.endOfLine) close();
      continue;
    }
    if (line && Math.abs(run.y - line.y) > Math.max(line.size, size) * 0.5) close();
    if (!line) {
      line = { text, x: run.x, y: run.y, size, end: run.x + run.width, longestRun: text.length };
    } else {
      const gap = run.x - line.end;
      // Word spaces are often positioning, not characters; a fifth of an em apart is a space.
      const spaced = pendingSpace || gap > size * 0.2 || gap < -size;
      line.text += spaced && !/\s$/.test(line.text) && !/^\s/.test(text) ? ` ${text}` : text;
      line.end = Math.max(line.end, run.x + run.width);
      if (text.length > line.longestRun) {
        line.size = size;
        line.longestRun = text.length;
      }
      pendingSpace = false;
    }
    if (run.endOfLine) close();
  }
  close();
  return lines;
}

const LIGATURES: Readonly<Record<string, string>> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st' };

/** Control characters are what fonts without a Unicode map leave behind; soft hyphens are invisible. */
function clean(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\ufffe\uffff]/g, '')
    .replace(/[\ufb00-\ufb06]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[\t\u00a0]/g, ' ');
}

function toBlocks(lines: readonly Line[], body: number): Block[] {
  const blocks: Block[] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    const prev = last?.last;
    const gap = prev ? prev.y - line.y : undefined;
    const sameSize = prev !== undefined && Math.abs(line.size - prev.size) <= body * 0.1;
    const continues = last !== undefined && gap !== undefined && sameSize && !breaksBlock(last, line, gap);

    if (line.size >= body * HEADING_RATIO && line.text.length <= MAX_HEADING_CHARS && /\p{L}.*\p{L}/u.test(line.text)) {
      if (last?.type === 'heading' && continues && last.lines < MAX_HEADING_LINES) {
        last.text = joinLines(last.text, line.text);
        last.lines++;
        last.last = line;
        grow(last.box, line);
      } else {
        blocks.push({ type: 'heading', text: line.text, size: line.size, lines: 1, last: line, box: lineBox(line) });
      }
      continue;
    }

    const bullet = BULLET.exec(line.text) ?? ((!continues || last?.type === 'item') && DASH_OR_NUMBER.exec(line.text));
    if (bullet) {
      const marker = /^\d/.test(bullet[1] ?? '') ? `${parseInt(bullet[1] ?? '1', 10)}.` : '-';
      blocks.push({ type: 'item', marker, text: bullet[2] ?? '', x: line.x, last: line, gap: undefined, box: lineBox(line) });
      continue;
    }

    // A wrapped list item continues to the right of its bullet; back at the bullet is new text.
    if (continues && last.type !== 'heading' && (last.type === 'paragraph' || line.x > last.x + 1)) {
      last.text = joinLines(last.text, line.text);
      last.gap = gap;
      last.last = line;
      grow(last.box, line);
      continue;
    }
    blocks.push({ type: 'paragraph', text: line.text, last: line, gap: undefined, box: lineBox(line) });
  }
  return blocks;
}

/** Whether `line` starts a new block instead of continuing `block`, whose last line sits `gap` above it. */
function breaksBlock(block: Block, line: Line, gap: number): boolean {
  const prev = block.last;
  // Moving up the page means a new column or a new text frame.
  if (gap < -prev.size * 0.5) return true;
  const lineGap = block.type === 'heading' ? undefined : block.gap;
  // Paragraph spacing shows as a gap clearly larger than the block's own line spacing.
  if (lineGap !== undefined ? gap > lineGap * 1.3 + 1 : gap > Math.max(prev.size, line.size) * 1.6) return true;
  // Without spacing, a first-line indent after a finished sentence starts a paragraph
  // (list items indent their wrapped lines anyway).
  return block.type === 'paragraph' && line.x > prev.x + line.size * 0.8 && /[.!?:;"”)]$/.test(prev.text);
}

/** A hyphen at a line break inside a word was put there by the typesetter, not the author. */
function joinLines(before: string, after: string): string {
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  return `${before} ${after}`;
}

function render(blocks: readonly Block[], headingSizes: readonly number[]): string {
  const out: string[] = [];
  let list: string[] = [];
  /**
   * Open list levels, outermost first: where their bullets stand on the page, how far
   * their markers are indented in markdown, and how far their children must be
   * (past the parent's marker, or CommonMark will not nest them).
   */
  let levels: { x: number; indent: number; childIndent: number; bulleted: boolean }[] = [];
  const flushList = () => {
    if (list.length) out.push(list.join('\n'));
    list = [];
    levels = [];
  };
  for (const block of blocks) {
    if (block.type !== 'item') {
      flushList();
      if (block.type === 'heading') {
        const level = Math.min(6, headingSizes.indexOf(block.size) + 1);
        out.push(`${'#'.repeat(level)} ${block.text}`);
      } else {
        out.push(escapeBlockStart(block.text));
      }
      continue;
    }
    // A bullet list followed by a numbered one (or the reverse) is two lists, not one.
    const outermost = levels[0];
    if (outermost && block.x <= outermost.x + 2 && (block.marker === '-') !== outermost.bulleted) flushList();
    while (levels.length > 1 && block.x < (levels.at(-1)?.x ?? 0) - 2) levels.pop();
    let level = levels.at(-1);
    if (!level || block.x > level.x + 2) {
      const indent = level?.childIndent ?? 0;
      level = { x: block.x, indent, childIndent: indent, bulleted: block.marker === '-' };
      levels.push(level);
    }
    level.childIndent = level.indent + block.marker.length + 1;
    list.push(`${' '.repeat(level.indent)}${block.marker} ${block.text}`);
  }
  flushList();
  return out.join('\n\n');
}

/** Text that happens to start like markdown syntax would otherwise turn into it. */
function escapeBlockStart(text: string): string {
  return /^(#{1,6}\s|>|[-+*]\s|\d+[.)]\s|={3,}|-{3,}|`{3,}|~{3,}|\|)/.test(text) ? `\\${text}` : text;
}
