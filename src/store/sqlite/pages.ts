import { GITHUB_HOSTS, RESEARCH_HOSTS } from '../../api/categories.js';
import { type IndexedPage, MAX_INDEXED_CHARS, plainSnippet, type PageHit, type PageQuery, type PageStore } from '../pages.js';
import type { Sql } from '../sql/sql.js';

/** Column weights for bm25: a word in the title says more than one deep in the page. */
const BM25 = 'bm25(search_fts, 10.0, 5.0, 1.0, 2.0)';
const SNIPPET = "snippet(search_fts, 2, '', '', '…', 24)";
const PDF = "(p.content_type LIKE '%pdf%' OR p.url LIKE '%.pdf' OR p.url LIKE '%.pdf?%')";

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

/** The index in the store's SQLite file: search_pages and its FTS5 shadow (008-search-index.sql). */
export function createSqlitePageStore(sql: Sql): PageStore {
  const upsertOne = async (c: Sql, page: IndexedPage) => {
    const markdown = page.markdown?.slice(0, MAX_INDEXED_CHARS) ?? null;
    await c.run(
      `INSERT INTO search_pages (team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at)
       VALUES (?, ?, ?, ?, ?, coalesce(?, ''), ?, ?, ?, ?, ?)
       ON CONFLICT (team_id, url) DO UPDATE SET
         host = excluded.host, title = excluded.title, description = excluded.description,
         markdown = CASE WHEN ? IS NULL THEN search_pages.markdown ELSE excluded.markdown END,
         content_type = excluded.content_type, published_at = excluded.published_at, is_article = excluded.is_article,
         images = excluded.images, fetched_at = excluded.fetched_at`,
      [
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
      ],
    );
  };
  return {
    upsert: (page) => upsertOne(sql, page),
    async upsertMany(pages) {
      await sql.tx(async (c) => {
        for (const page of pages) await upsertOne(c, page);
      });
    },
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
      const rows = await sql.all<HitRow>(`${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`, params);
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
  };
}
