import type { Document } from '../scrape/document.js';
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
    const page = pageFromDocument(teamId, doc, new Date());
    // Off the scrape's own path: the index insert (~1 ms for a large page) is
    // not the caller's to wait for, and it still lands before their next request.
    setImmediate(() => {
      index.upsert(page).catch(onError);
    });
  };
}
