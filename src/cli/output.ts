import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from '../../sdk/js/src/index.js';
import type { OutputFormat } from './api.js';

const MAX_NAME = 150;

/**
 * A file name for a page, readable from its URL (`example.com_docs_intro.md`)
 * and safe anywhere: only [A-Za-z0-9._-], never hidden, never a path, bounded
 * in length (long names end in a hash of the whole URL, so they stay distinct).
 */
export function fileNameFor(url: string, ext: string): string {
  return `${fileStemFor(url)}.${ext}`;
}

function fileStemFor(url: string): string {
  let readable = url;
  try {
    const u = new URL(url);
    readable = u.host + u.pathname.replace(/\/+$/, '') + (u.search ? `_${u.search.slice(1)}` : '');
  } catch {
    // Not a URL: its characters are made safe all the same.
  }
  let name = readable.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').replace(/[._-]+$/, '') || 'page';
  if (name.length > MAX_NAME) name = `${name.slice(0, MAX_NAME - 9)}-${createHash('sha256').update(url).digest('hex').slice(0, 8)}`;
  return name;
}

/** The page's own URL: as requested, else as fetched. */
export const urlOf = (doc: Document): string => doc.metadata?.sourceURL ?? doc.metadata?.url ?? '';

/** Writes each page to its own file in a folder; distinct pages never overwrite one another. */
export class PageWriter {
  private readonly used = new Set<string>();

  constructor(
    readonly dir: string,
    private readonly format: OutputFormat,
  ) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(doc: Document): string {
    const ext = this.format === 'json' ? 'json' : 'md';
    const stem = fileStemFor(urlOf(doc));
    let name = `${stem}.${ext}`;
    for (let n = 2; this.used.has(name); n++) name = `${stem}-${n}.${ext}`;
    this.used.add(name);
    const file = path.join(this.dir, name);
    fs.writeFileSync(file, this.format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : `${doc.markdown ?? ''}\n`);
    return file;
  }
}

/** Several pages on stdout as one markdown text, each headed by its URL. */
export function pagesAsMarkdown(docs: Document[]): string {
  return docs.map((d) => `<!-- ${urlOf(d)} -->\n\n${(d.markdown ?? '').trim()}\n`).join('\n---\n\n');
}
