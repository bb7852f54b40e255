import type { Document } from '../api/document.js';
import { isScrapeError } from '../scrape/errors.js';
import type { ScrapeInput, Scraper } from '../scrape/scraper.js';
import type { JobResultStore } from '../store/results.js';
import type { Task } from '../store/tasks.js';

/** The payload of a task that scrapes one page of a crawl or batch job. */
export interface PagePayload {
  /** Normalised URL to fetch; the errors endpoint reports it too. */
  url: string;
  /** The URL as the caller (or the page linking to it) spelled it. */
  sourceURL: string;
}

/** Everything the scraper needs besides the page itself, which the task gives. */
export type PageScrapeSettings = Omit<ScrapeInput, 'url' | 'sourceURL' | 'scrapeId' | 'signal'>;

/**
 * Scrapes one page of job `jobId` into the job's results, under the task's
 * id (which becomes the Document's scrapeId). Answers the Document, or null
 * when the page failed and its error was recorded.
 *
 * A run repeated after a crash answers what the earlier run recorded without
 * scraping (and charging) again. A ScrapeError is final: the page's error is
 * recorded and the task completes, since fetching the same page again would
 * fail the same way. Anything else is thrown for the queue to retry; once the
 * task's attempts are used up, the failed task itself is the page's error
 * (JobResultStore.errors). When `signal` aborted (the job was cancelled, the
 * worker is stopping) nothing is recorded.
 *
 * `onDocument` is awaited before the task can complete, so every page event
 * of a job is out before the job's end is.
 */
export async function scrapeIntoJob(
  deps: {
    scraper: Scraper;
    results: JobResultStore;
    /** Told of the page's Document once it is recorded (the job's `page` event). */
    onDocument?: (document: Document) => Promise<void>;
    /**
     * Runs on a freshly scraped Document before it is recorded, and answers
     * what to record: a crawl admits the page's links here, so that a crash
     * before the record re-runs the discovery, and drops formats it added.
     */
    beforeRecord?: (document: Document) => Promise<Document>;
  },
  jobId: string,
  task: Task<PagePayload>,
  settings: PageScrapeSettings,
  signal: AbortSignal,
): Promise<Document | null> {
  const earlier = await deps.results.outcome(task.id);
  if (earlier) {
    if (!('document' in earlier)) return null;
    // Told again: the run that recorded it may have died before telling, and
    // listeners take a repeated page in their stride.
    await deps.onDocument?.(earlier.document);
    return earlier.document;
  }
  const { url, sourceURL } = task.payload;
  let document: Document;
  try {
    document = await deps.scraper.scrape({ ...settings, url, sourceURL, scrapeId: task.id, signal });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (!isScrapeError(err)) throw err;
    await deps.results.addError(jobId, { taskId: task.id, url, code: err.code, error: err.message });
    return null;
  }
  if (deps.beforeRecord) document = await deps.beforeRecord(document);
  document = withQueueWait(document, task);
  await deps.results.addDocument(jobId, task.id, document);
  await deps.onDocument?.(document);
  return document;
}

/** A page that waited longer than this for a free slot says so, as Firecrawl's concurrency-queued scrapes do. */
export const QUEUE_WAIT_REPORTED_MS = 1_000;

/**
 * `metadata.concurrencyLimited` and `concurrencyQueueDurationMs`: how long the
 * page's task stood due in the queue before a slot (the team's limit, the
 * job's maxConcurrency, a busy worker) let it start.
 */
function withQueueWait(document: Document, task: Task<PagePayload>): Document {
  if (!task.startedAt || task.attempts > 1) return document;
  const due = Math.max(Date.parse(task.createdAt), Date.parse(task.runAfter));
  const waited = Date.parse(task.startedAt) - due;
  if (!(waited >= QUEUE_WAIT_REPORTED_MS)) return document;
  return { ...document, metadata: { ...document.metadata, concurrencyLimited: true, concurrencyQueueDurationMs: waited } };
}
