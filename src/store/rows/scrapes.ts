/** Stored scrapes as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { StoredScrape } from '../scrapes.js';

export interface ScrapeRow {
  id: string;
  team_id: string;
  url: string;
  document: string;
  options: string | null;
  created_at: string;
}

export const toScrape = <D>(r: ScrapeRow): StoredScrape<D> => ({
  id: r.id,
  teamId: r.team_id,
  url: r.url,
  document: JSON.parse(r.document) as D,
  options: r.options === null ? null : JSON.parse(r.options),
  createdAt: r.created_at,
});
