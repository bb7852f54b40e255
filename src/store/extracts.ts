/**
 * Extract jobs (§9): the pages a job settled on and what it produced. The
 * scraped pages themselves are job results (results.ts).
 */

export interface ExtractOutcome {
  data: unknown;
  /** Top-level field → the page URLs it was read from. */
  sources: Record<string, string[]>;
  warnings: string[];
  tokensUsed: number;
  /** Credits of the model's tokens and of any web search; the pages' own are in the job results. */
  credits: number;
  /** Per URL what became of it (`urlTrace`). */
  urlTrace: { url: string; status: 'success' | 'error'; error?: string }[];
}

/** The pages an extract settled on, with what settling them had to say. */
export interface ExtractTargets {
  urls: string[];
  warnings: string[];
  /** Web search results that were used (billed like search results). */
  searchResults: number;
}

export interface ExtractStore {
  /** Creates the job's record; called once, with the job. */
  create(jobId: string): Promise<void>;
  /** Records the pages to read, unless some were recorded already; answers those on record. */
  settleTargets(jobId: string, targets: ExtractTargets): Promise<ExtractTargets>;
  targets(jobId: string): Promise<ExtractTargets | null>;
  finish(jobId: string, outcome: ExtractOutcome): Promise<void>;
  fail(jobId: string, error: string): Promise<void>;
  result(jobId: string): Promise<{ outcome: ExtractOutcome | null; error: string | null } | null>;
}
