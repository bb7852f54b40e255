import { Worker } from 'node:worker_threads';
import { GITHUB_HOSTS, RESEARCH_HOSTS } from '../../api/categories.js';
import { type IndexedPage, MAX_INDEXED_CHARS, plainSnippet, type PageHit, type PageQuery, type PageStore } from '../pages.js';

/** Column weights for bm25: a word in the title says more than one deep in the page. */
const BM25 = 'bm25(search_fts, 10.0, 5.0, 1.0, 2.0)';
const SNIPPET = "snippet(search_fts, 2, '', '', '…', 24)";
const PDF = "(p.content_type LIKE '%pdf%' OR p.url LIKE '%.pdf' OR p.url LIKE '%.pdf?%')";

const UPSERT = `INSERT INTO search_pages (team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at)
  VALUES (?, ?, ?, ?, ?, coalesce(?, ''), ?, ?, ?, ?, ?)
  ON CONFLICT (team_id, url) DO UPDATE SET
    host = excluded.host, title = excluded.title, description = excluded.description,
    markdown = CASE WHEN ? IS NULL THEN search_pages.markdown ELSE excluded.markdown END,
    content_type = excluded.content_type, published_at = excluded.published_at, is_article = excluded.is_article,
    images = excluded.images, fetched_at = excluded.fetched_at`;

interface HitRow {
  url: string;
  title: string;
  description: string;
  snippet: string | null;
  content_type: string | null;
  published_at: string | null;
  images: string;
  fetched_at: string;
}

/** What search-thread.mjs is asked, one message each. */
type Request = { op: 'runEach'; sql: string; rows: unknown[][] } | { op: 'all'; sql: string; params: unknown[] } | { op: 'close' };

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

const phrase = (words: string[]) => `"${words.join(' ')}"`;

function ftsQuery(q: PageQuery): string | undefined {
  if (!q.required.length) return undefined;
  let expr = q.required.map(phrase).join(q.matchAny ? ' OR ' : ' AND ');
  if (q.excluded.length) expr = `(${expr}) NOT (${q.excluded.map(phrase).join(' OR ')})`;
  return expr;
}

function hostClause(hosts: readonly string[], params: unknown[]): string {
  const parts = hosts.map((h) => {
    params.push(h, `%.${h}`);
    return '(p.host = ? OR p.host LIKE ?)';
  });
  return `(${parts.join(' OR ')})`;
}

function upsertParams(page: IndexedPage): unknown[] {
  const markdown = page.markdown?.slice(0, MAX_INDEXED_CHARS) ?? null;
  return [
    page.teamId,
    page.url,
    new URL(page.url).hostname.toLowerCase(),
    page.title,
    page.description,
    markdown,
    page.contentType,
    page.publishedAt,
    page.isArticle ? 1 : 0,
    JSON.stringify(page.images),
    page.fetchedAt,
    // Again for the update: null keeps the text indexed before.
    markdown,
  ];
}

/**
 * The index in search.sqlite (search-index.ts), whose statements run on the thread that
 * owns that file (search-thread.mjs). The thread starts at the first page or search and
 * holds the process open only while it has work in hand.
 */
export function createSqlitePageStore(file: string): PageStore & { close(): Promise<void> } {
  let worker: Worker | null = null;
  const pending = new Map<number, Waiter>();
  let nextId = 0;

  const start = (): Worker => {
    const w = new Worker(new URL('./search-thread.mjs', import.meta.url), {
      workerData: { file },
      // Plain JavaScript: none of the main thread's flags (its TypeScript loader).
      execArgv: [],
      // Its garbage is each batch's pages, copied in: the main thread's 16 MB semi-spaces
      // would only grow the process.
      resourceLimits: { maxYoungGenerationSizeMb: 1 },
    });
    w.unref();
    w.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: unknown }) => {
      const waiter = pending.get(id);
      if (!waiter) return;
      pending.delete(id);
      if (!pending.size) w.unref();
      if (error !== undefined) waiter.reject(error);
      else waiter.resolve(value);
    });
    // A thread that died takes its requests with it; the next one starts a new thread.
    const end = (err: unknown) => {
      if (worker === w) worker = null;
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
    };
    w.on('error', end);
    w.on('exit', (code) => end(new Error(`The search index thread stopped (exit code ${code})`)));
    return w;
  };

  const ask = <T>(req: Request): Promise<T> => {
    const w = (worker ??= start());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!pending.size) w.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      w.postMessage({ ...req, id });
    });
  };

  const upsertMany = async (pages: IndexedPage[]) => {
    await ask({ op: 'runEach', sql: UPSERT, rows: pages.map(upsertParams) });
  };

  return {
    upsert: (page) => upsertMany([page]),
    upsertMany,
    async search(q) {
      const match = ftsQuery(q);
      const params: unknown[] = [];
      const where: string[] = [];
      if (match) {
        where.push('search_fts MATCH ?');
        params.push(match);
      }
      where.push('p.team_id = ?');
      params.push(q.teamId);
      if (q.hosts.length) where.push(hostClause(q.hosts, params));
      if (q.excludedHosts.length) where.push(`NOT ${hostClause(q.excludedHosts, params)}`);
      const categories = q.categories.map((c) => {
        if (c === 'github') return hostClause(GITHUB_HOSTS, params);
        if (c === 'research') return hostClause(RESEARCH_HOSTS, params);
        return PDF;
      });
      if (categories.length) where.push(`(${categories.join(' OR ')})`);
      if (q.pdfOnly) where.push(PDF);
      if (q.fetchedSince) {
        where.push('p.fetched_at >= ?');
        params.push(q.fetchedSince.toISOString());
      }
      if (q.fetchedUntil) {
        where.push('p.fetched_at <= ?');
        params.push(q.fetchedUntil.toISOString());
      }
      if (q.articlesOnly) where.push('p.is_article = 1');
      if (q.withImages) where.push("p.images <> '[]'");
      const order = match && q.order === 'relevance' ? `${BM25}, p.fetched_at DESC` : 'p.fetched_at DESC';
      const from = match
        ? `SELECT p.url, p.title, p.description, ${SNIPPET} AS snippet, p.content_type, p.published_at, p.images, p.fetched_at
             FROM search_fts JOIN search_pages p ON p.id = search_fts.rowid`
        : `SELECT p.url, p.title, p.description, NULL AS snippet, p.content_type, p.published_at, p.images, p.fetched_at
             FROM search_pages p`;
      params.push(q.limit);
      const rows = await ask<HitRow[]>({ op: 'all', sql: `${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`, params });
      return rows.map(
        (r): PageHit => ({
          url: r.url,
          title: r.title,
          description: r.description,
          snippet: plainSnippet(r.snippet ?? '') || r.description,
          contentType: r.content_type,
          publishedAt: r.published_at,
          images: JSON.parse(r.images) as string[],
          fetchedAt: r.fetched_at,
        }),
      );
    },
    async close() {
      const w = worker;
      if (!w) return;
      // What was sent before is written first: the thread answers in order.
      await ask({ op: 'close' }).catch(() => {});
      await w.terminate();
    },
  };
}
