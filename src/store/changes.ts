/**
 * Change-tracking snapshots (§2.2): the latest version of each page a team
 * tracks, per tag, which the next scrape of the page is compared with.
 */

export interface Snapshot {
  teamId: string;
  url: string;
  /** '' for the untagged history. */
  tag: string;
  scrapeId: string;
  markdown: string;
  /** Extracted JSON (json mode); null when none was extracted. */
  json: unknown;
  statusCode: number;
  /** The page answered 404 or 410. */
  gone: boolean;
  createdAt: string;
}

export interface ChangeStore {
  latest(teamId: string, tag: string, url: string): Promise<Snapshot | null>;
  /** Replaces the page's snapshot and answers the one it replaced, in one step. */
  replace(snapshot: Snapshot): Promise<Snapshot | null>;
  /** URLs tracked under the tag that were not gone at their last snapshot. */
  liveUrls(teamId: string, tag: string): Promise<string[]>;
  /** Forgets every snapshot under tags that start with `prefix` (a deleted monitor's). */
  forgetTags(teamId: string, prefix: string): Promise<number>;
}
