/** Change-tracking snapshots as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { Snapshot } from '../changes.js';

export interface SnapshotRow {
  team_id: string;
  url: string;
  tag: string;
  scrape_id: string;
  markdown: string;
  json: string | null;
  status_code: number;
  gone: number;
  created_at: string;
}

export const toSnapshot = (r: SnapshotRow): Snapshot => ({
  teamId: r.team_id,
  url: r.url,
  tag: r.tag,
  scrapeId: r.scrape_id,
  markdown: r.markdown,
  json: r.json === null ? null : JSON.parse(r.json),
  statusCode: r.status_code,
  gone: r.gone === 1,
  createdAt: r.created_at,
});
