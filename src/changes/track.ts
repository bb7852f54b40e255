import { isDeepStrictEqual } from 'node:util';
import type { ChangeStore, Snapshot } from '../store/changes.js';
import { gitDiff, type GitDiff, normaliseMarkdown } from './diff.js';
import { fieldDiff, type FieldDiff } from './json-diff.js';

export type ChangeMode = 'git-diff' | 'json';
export type ChangeStatus = 'new' | 'same' | 'changed' | 'removed';

/** The `changeTracking` field of a Document (§2.2). */
export interface ChangeTracking {
  previousScrapeAt: string | null;
  changeStatus: ChangeStatus;
  visibility: 'visible' | 'hidden';
  diff?: GitDiff;
  json?: FieldDiff;
}

/** One version of a page, compared with the previous one under the same team, tag and URL. */
export interface PageVersion {
  teamId: string;
  /** '' is the untagged history. */
  tag: string;
  url: string;
  scrapeId: string;
  markdown: string;
  statusCode: number;
  /** What json mode compares; undefined when nothing was extracted. */
  json?: unknown;
  modes: ChangeMode[];
  /** False (zero data retention): compared, but not kept as the next comparison's base. */
  keep?: boolean;
  now?: Date;
}

export interface TrackedChange {
  tracking: ChangeTracking;
  /** The snapshot compared with; null for a page seen for the first time. */
  previous: Snapshot | null;
}

/** Pages answering these are gone (`removed`), not changed. */
const GONE = new Set([404, 410]);

/**
 * Compares the page with its previous snapshot and makes it the snapshot the
 * next version is compared with, in one store step (so two scrapes of the
 * same page at once each see a distinct predecessor).
 *
 * Status: `removed` when the page now answers 404/410 (`same` if it already
 * did); `new` when there was no snapshot or the last one was gone; otherwise
 * `same` or `changed`. What counts as a change follows the modes: json mode
 * alone compares the extracted JSON only (the markdown when the previous
 * version has no JSON), git-diff (or no mode) the whitespace-normalised
 * markdown, both modes either. A change carries the result of every mode asked for.
 */
export async function trackChange(changes: ChangeStore, page: PageVersion): Promise<TrackedChange> {
  const gone = GONE.has(page.statusCode);
  const snapshot: Snapshot = {
    teamId: page.teamId,
    url: page.url,
    tag: page.tag,
    scrapeId: page.scrapeId,
    markdown: page.markdown,
    json: page.json ?? null,
    statusCode: page.statusCode,
    gone,
    createdAt: (page.now ?? new Date()).toISOString(),
  };
  const previous =
    page.keep === false ? await changes.latest(page.teamId, page.tag, page.url) : await changes.replace(snapshot);
  const tracking: ChangeTracking = { previousScrapeAt: previous?.createdAt ?? null, changeStatus: 'new', visibility: 'visible' };
  if (gone) {
    tracking.changeStatus = previous?.gone ? 'same' : 'removed';
    return { tracking, previous };
  }
  if (!previous || previous.gone) return { tracking, previous };

  const jsonMode = page.modes.includes('json');
  const markdownCounts = !jsonMode || page.modes.includes('git-diff');
  const markdownChanged = normaliseMarkdown(previous.markdown) !== normaliseMarkdown(page.markdown);
  // A predecessor without extracted JSON (an earlier scrape without json mode) has nothing to compare with.
  const jsonCompared = jsonMode && previous.json !== null;
  const jsonChanged = jsonCompared && !isDeepStrictEqual(previous.json, page.json ?? null);
  const changed = (markdownCounts && markdownChanged) || jsonChanged || (!markdownCounts && !jsonCompared && markdownChanged);
  tracking.changeStatus = changed ? 'changed' : 'same';
  if (!changed) return { tracking, previous };
  // Each mode asked for gives its result, as Firecrawl's do: an empty diff when only the JSON moved.
  if (page.modes.includes('git-diff')) tracking.diff = gitDiff(previous.markdown, page.markdown);
  if (jsonMode) tracking.json = fieldDiff(previous.json, page.json ?? null);
  return { tracking, previous };
}
