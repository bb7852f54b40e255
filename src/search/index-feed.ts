import type { Document } from '../api/document.js';
import type { IndexedPage, PageStore } from '../store/pages.js';

const MAX_IMAGES = 20;

const text = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');

/**
 * "News" in an index of arbitrary pages can only mean pages that declare
 * themselves articles: og:type article, or an article/Dublin Core publication
 * date. Blog posts qualify; a news site's front page does not.
 */
function publication(doc: Document): { isArticle: boolean; publishedAt: string | null } {
  const m = doc.metadata;
  const published = text(m.publishedTime) || text(m['article:published_time']) || text(m.dcDateCreated) || text(m.dcDate);
  const ogType = text(m['og:type']).toLowerCase();
  return { isArticle: ogType === 'article' || published !== '', publishedAt: published || null };
}

export function pageFromDocument(teamId: string, doc: Document, fetchedAt: Date): IndexedPage {
  const m = doc.metadata;
  const images = [...new Set([text(m.ogImage), ...(doc.images ?? [])].filter((u) => /^https?:\/\//i.test(u)))];
  return {
    teamId,
    url: m.url || m.sourceURL,
    title: text(m.title) || text(m.ogTitle),
    description: text(m.description) || text(m.ogDescription),
    // Scraped without the markdown format: title and description are updated, the text kept.
    markdown: doc.markdown ?? null,
    contentType: m.contentType ?? null,
    ...publication(doc),
    images: images.slice(0, MAX_IMAGES),
    fetchedAt: fetchedAt.toISOString(),
  };
}

/**
 * The scrape pipeline's hook: every fresh, kept page of a team goes into its
 * index. Pages that answered an error status are not worth finding. Indexing
 * must never fail a scrape, so problems go to `onError`.
 */
export function feedIndex(index: PageStore, onError: (err: unknown) => void) {
  return (teamId: string, doc: Document): void => {
    if (doc.metadata.statusCode >= 400) return;
    index.upsert(pageFromDocument(teamId, doc, new Date())).catch(onError);
  };
}

/**
 * A batch waits this long for company before it is written: how late a page can be
 * found by a search in another process (this one writes what is waiting first).
 * Each batch is a new FTS5 segment, and a crawl at ~650 pages/s filled batches of
 * ~16 pages in 25 ms; ~65 a batch cut the index's CPU a page from ~72 to ~62 us
 * (FTS5 inserts of the bench site's pages, CPU time, 3 runs each).
 */
const FLUSH_MS = 100;
/** Pages written in one transaction at most: bounds the time one write holds the event loop (~8 ms). */
const MAX_BATCH = 128;

export interface BatchedIndex extends PageStore {
  /** Writes what is waiting; answers once it is in. */
  flush(): Promise<void>;
}

/**
 * The index with its writes gathered into batches, each one transaction: a
 * crawl pays one commit for dozens of pages rather than one each (the
 * full-text upsert of every page was an eighth of a crawl's CPU), and the
 * write is off the scrape's own path. `upsert` answers once its batch is
 * written. A search first writes what is waiting, so a page scraped just
 * before is found.
 */
export function batchedIndex(index: PageStore): BatchedIndex {
  let pages: IndexedPage[] = [];
  let written: { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let lastWrite: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    const batch = pages;
    const done = written;
    pages = [];
    written = null;
    if (!done) return lastWrite;
    const write = index.upsertMany(batch).then(done.resolve, (err: unknown) => done.reject(err));
    lastWrite = write;
    return done.promise;
  };

  return {
    upsert(page) {
      if (!written) {
        let resolve!: () => void;
        let reject!: (err: unknown) => void;
        const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
        written = { promise, resolve, reject };
        timer = setTimeout(flush, FLUSH_MS);
      }
      pages.push(page);
      const mine = written.promise;
      if (pages.length >= MAX_BATCH) void flush().catch(() => {});
      return mine;
    },
    upsertMany: (batch) => index.upsertMany(batch),
    async search(query) {
      await flush().catch(() => {});
      return index.search(query);
    },
    flush,
  };
}
