import type { JobStatusQuery } from '../api/index.js';
import type { Job, JobStatus } from '../store/jobs.js';
import type { DocumentPage } from '../store/results.js';
import { TrawlError } from '../errors/trawl-error.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';

/** §1.14.1: a page's `data` stays below 10 MiB (but holds at least one document). */
export const PAGE_BUDGET_BYTES = 10 * 1024 * 1024;

/** Wire status of crawl and batch jobs (§1.14). */
export const wireStatus = (status: JobStatus): string => (status === 'running' ? 'scraping' : status);

export interface StatusBodyInput {
  job: Job;
  page: DocumentPage;
  skip: number;
  limit?: number | undefined;
  /** Absolute URL of the job's status resource, without a query. */
  statusUrl: string;
  now?: Date;
}

/**
 * The §7.2 body as JSON text. The documents' stored JSON is spliced in rather
 * than parsed and encoded again, which would block the event loop for tens of
 * milliseconds on every poll of a full page.
 *
 * `next` (§1.14.1) is present when documents that exist already lie past
 * this page, and, as Firecrawl does, on a running job's page that has
 * documents: more may come after them. A running job's empty page has none,
 * since the SDKs' paginators follow `next` without pausing and would ask for
 * that same empty page again and again until the job ends.
 */
export function statusBody({ job, page, skip, limit, statusUrl, now = new Date() }: StatusBodyInput): string {
  const after = skip + page.documents.length;
  const query = new URLSearchParams({ skip: String(after), ...(limit !== undefined && { limit: String(limit) }) });
  const end = job.completedAt ? Date.parse(job.completedAt) : now.getTime();
  const envelope = {
    success: true,
    status: wireStatus(job.status),
    total: job.total,
    completed: page.documentCount,
    creditsUsed: page.creditsUsed,
    expiresAt: job.expiresAt,
    ...((after < page.documentCount || (job.status === 'running' && page.documents.length > 0)) && { next: `${statusUrl}?${query}` }),
    createdAt: job.createdAt,
    completedAt: job.completedAt,
    duration: (end - Date.parse(job.createdAt)) / 1000,
  };
  return `${JSON.stringify(envelope).slice(0, -1)},"data":[${page.documents.join(',')}]}`;
}

/** `GET <path>/:id` of a crawl-like job: status plus one page of its documents. */
export async function jobStatus(store: Store, ctx: RequestContext, resource: JobResource): Promise<string> {
  const { skip, limit } = ctx.query as JobStatusQuery;
  // The job before its documents: once the job reads as ended, every document
  // it will have is in, so an ended status never comes with a short count.
  const job = await accessJob(store, ctx, resource, jobIdOf(ctx), () => new TrawlError('RESOURCE_NOT_FOUND'));
  const page = await store.results.page(job.id, { skip, limit, maxBytes: PAGE_BUDGET_BYTES });
  const statusUrl = `${ctx.baseUrl}${resource.path}/${job.id}`;
  return statusBody({ job, page, skip, limit, statusUrl });
}
