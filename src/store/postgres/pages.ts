import type pg from 'pg';
import { GITHUB_HOSTS, RESEARCH_HOSTS } from '../../api/categories.js';
import { type IndexedPage, MAX_INDEXED_CHARS, plainSnippet, type PageHit, type PageStore } from '../pages.js';
import { transaction } from './database.js';

/** ts_rank's weights for D (body), C (url), B (description), A (title): SQLite's bm25 column weights, scaled. */
const WEIGHTS = "'{0.1, 0.2, 0.5, 1.0}'";
const HEADLINE = 'StartSel="", StopSel="", MaxWords=24, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "';
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

/**
 * The index in PostgreSQL (008-search-index.sql): a weighted tsvector per page
 * under a GIN index. Each phrase becomes a quoted websearch_to_tsquery, which
 * never fails on user text, joined with && / || / !! as the query asks.
 */
export function createPostgresPageStore(db: pg.Pool): PageStore {
  const upsertOne = async (c: pg.Pool | pg.PoolClient, page: IndexedPage) => {
    await c.query(
      `INSERT INTO search_pages (team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6::text, ''), $7, $8, $9, $10, $11)
       ON CONFLICT (team_id, url) DO UPDATE SET
         host = excluded.host, title = excluded.title, description = excluded.description,
         markdown = CASE WHEN $6::text IS NULL THEN search_pages.markdown ELSE excluded.markdown END,
         content_type = excluded.content_type, published_at = excluded.published_at, is_article = excluded.is_article,
         images = excluded.images, fetched_at = excluded.fetched_at`,
      [
        page.teamId,
        page.url,
        new URL(page.url).hostname.toLowerCase(),
        // NUL cannot be stored in PostgreSQL text; it carries nothing to search for.
        page.title.replaceAll('\0', ''),
        page.description.replaceAll('\0', ''),
        page.markdown?.slice(0, MAX_INDEXED_CHARS).replaceAll('\0', '') ?? null,
        page.contentType,
        page.publishedAt,
        page.isArticle ? 1 : 0,
        JSON.stringify(page.images),
        page.fetchedAt,
      ],
    );
  };
  return {
    async upsert(page) {
      await upsertOne(db, page);
    },
    async upsertMany(pages) {
      // In one order everywhere, so that two processes' batches cannot deadlock on shared pages.
      const ordered = [...pages].sort((a, b) => (a.teamId + a.url < b.teamId + b.url ? -1 : 1));
      await transaction(db, async (c) => {
        for (const page of ordered) await upsertOne(c, page);
      });
    },
    async search(q) {
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const phrase = (words: string[]) => `websearch_to_tsquery('trawl_english', ${param(`"${words.join(' ').replaceAll('"', ' ')}"`)})`;
      const hostClause = (hosts: readonly string[]) =>
        `(${hosts.map((h) => `(p.host = ${param(h)} OR p.host LIKE ${param(`%.${h}`)})`).join(' OR ')})`;

      let match: string | undefined;
      if (q.required.length) {
        match = `(${q.required.map(phrase).join(q.matchAny ? ' || ' : ' && ')})`;
        if (q.excluded.length) match = `(${match} && !!(${q.excluded.map(phrase).join(' || ')}))`;
      }
      const where: string[] = [`p.team_id = ${param(q.teamId)}`];
      if (match) where.push(`p.tsv @@ ${match}`);
      if (q.hosts.length) where.push(hostClause(q.hosts));
      if (q.excludedHosts.length) where.push(`NOT ${hostClause(q.excludedHosts)}`);
      const categories = q.categories.map((c) => {
        if (c === 'github') return hostClause(GITHUB_HOSTS);
        if (c === 'research') return hostClause(RESEARCH_HOSTS);
        return PDF;
      });
      if (categories.length) where.push(`(${categories.join(' OR ')})`);
      if (q.pdfOnly) where.push(PDF);
      if (q.fetchedSince) where.push(`p.fetched_at >= ${param(q.fetchedSince.toISOString())}`);
      if (q.fetchedUntil) where.push(`p.fetched_at <= ${param(q.fetchedUntil.toISOString())}`);
      if (q.articlesOnly) where.push('p.is_article = 1');
      if (q.withImages) where.push("p.images <> '[]'");
      const rank = match && q.order === 'relevance' ? `ts_rank(${WEIGHTS}, p.tsv, ${match})` : '0';
      // The headline is worked out for the pages returned only: it re-reads the whole text.
      const snippet = match ? `ts_headline('trawl_english', h.markdown, ${match}, '${HEADLINE}')` : 'NULL';
      const sql = `SELECT h.url, h.title, h.description, ${snippet} AS snippet, h.content_type, h.published_at, h.images, h.fetched_at
          FROM (SELECT p.*, ${rank} AS rank FROM search_pages p WHERE ${where.join(' AND ')}
                 ORDER BY rank DESC, p.fetched_at DESC LIMIT ${param(q.limit)}) h
         ORDER BY h.rank DESC, h.fetched_at DESC`;
      const { rows } = await db.query<HitRow>(sql, params);
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
