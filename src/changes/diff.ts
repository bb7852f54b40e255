import { structuredPatch } from 'diff';

/**
 * The two diff shapes of §2.2: unified diff text, and the same hunks as the
 * structure `parse-diff` produces (which is what Firecrawl's clients read).
 */

export interface DiffChange {
  type: 'add' | 'del' | 'normal';
  content: string;
  ln?: number;
  ln1?: number;
  ln2?: number;
  add?: true;
  del?: true;
  normal?: true;
}

export interface DiffChunk {
  content: string;
  changes: DiffChange[];
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export interface DiffFile {
  from: string | null;
  to: string | null;
  chunks: DiffChunk[];
  additions: number;
  deletions: number;
}

export interface GitDiff {
  text: string;
  json: { files: DiffFile[] };
}

/** "Same" ignores whitespace (§2.2): runs of it, and blank lines, do not count as changes. */
export function normaliseMarkdown(markdown: string): string {
  return markdown.replace(/\s+/g, ' ').trim();
}

// Trailing spaces carry no meaning in markdown text and only add noise lines.
const lines = (markdown: string) => markdown.replace(/[ \t]+$/gm, '').replace(/\n*$/, '\n');

const OLD = 'previous';
const NEW = 'current';

export function gitDiff(previous: string, current: string): GitDiff {
  const patch = structuredPatch(OLD, NEW, lines(previous), lines(current), undefined, undefined, { context: 3 });
  const text = [`--- ${OLD}`, `+++ ${NEW}`];
  const file: DiffFile = { from: OLD, to: NEW, chunks: [], additions: 0, deletions: 0 };
  for (const hunk of patch.hunks) {
    const header = `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
    text.push(header, ...hunk.lines);
    const changes: DiffChange[] = [];
    let ln1 = hunk.oldStart;
    let ln2 = hunk.newStart;
    for (const line of hunk.lines) {
      if (line.startsWith('+')) {
        changes.push({ type: 'add', add: true, ln: ln2++, content: line });
        file.additions++;
      } else if (line.startsWith('-')) {
        changes.push({ type: 'del', del: true, ln: ln1++, content: line });
        file.deletions++;
      } else if (line.startsWith(' ')) {
        changes.push({ type: 'normal', normal: true, ln1: ln1++, ln2: ln2++, content: line });
      }
    }
    file.chunks.push({ content: header, changes, oldStart: hunk.oldStart, oldLines: hunk.oldLines, newStart: hunk.newStart, newLines: hunk.newLines });
  }
  return { text: `${text.join('\n')}\n`, json: { files: [file] } };
}
