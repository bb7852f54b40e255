import type { Document } from '../api/document.js';

/**
 * What crawl and batch jobs produce, page by page: the Documents in the order
 * they finished, the pages that failed, and the URLs robots.txt kept out.
 * Everything is keyed by the page's task id, so a task re-run after a crash
 * records nothing twice.
 */

/** A page that produced no Document (§7.4 `errors[]`). */
export interface JobPageError {
  /** The page's task id, which is also its scrape id. */
  id: string;
  url: string;
  /** An engine code of §1.7, when one applies. */
  code: string | null;
  error: string;
  timestamp: string;
}

export interface NewJobPageError {
  taskId: string;
  url: string;
  code?: string | null;
  error: string;
  at?: Date;
}

export interface DocumentPageRequest {
  skip: number;
  limit?: number | undefined;
  /**
   * Stop before the document that would take the page past this many bytes
   * of JSON; the first document is returned whatever its size.
   */
  maxBytes: number;
}

export interface DocumentPage {
  /** Each Document as its JSON text, in completion order from `skip`. */
  documents: string[];
  /** Documents the job has in all, read in the same snapshot as `documents`. */
  documentCount: number;
  /** Sum of the documents' `metadata.creditsUsed`. */
  creditsUsed: number;
}

export type TaskOutcome = { document: Document } | { error: JobPageError };

export interface JobResultStore {
  /** Appends the task's Document after the job's others; false when the task has one already. */
  addDocument(jobId: string, taskId: string, document: Document): Promise<boolean>;
  /** False when the task has an error on record already. */
  addError(jobId: string, error: NewJobPageError): Promise<boolean>;
  addRobotsBlocked(jobId: string, urls: string[]): Promise<void>;
  /** What an earlier run of the task recorded, if anything. */
  outcome(taskId: string): Promise<TaskOutcome | null>;
  page(jobId: string, req: DocumentPageRequest): Promise<DocumentPage>;
  /**
   * Recorded errors, plus the job's page tasks (those with a `url` in their
   * payload) that failed for good without one (every attempt threw, or the
   * process died each time), oldest first.
   */
  errors(jobId: string): Promise<JobPageError[]>;
  robotsBlocked(jobId: string): Promise<string[]>;
}
