/** A team's rating of one result (§14). */
export interface Feedback {
  id: string;
  teamId: string;
  /** `search`, `scrape`, `parse` or `map`. */
  endpoint: string;
  jobId: string;
  rating: string;
  /** The request as sent, minus endpoint/jobId/rating. */
  body: Record<string, unknown>;
  createdAt: string;
}

export interface FeedbackStore {
  /** Stores it unless the team rated that job already; then the first one is returned with `created: false`. */
  submit(entry: Feedback): Promise<{ feedback: Feedback; created: boolean }>;
  /** Newest first. */
  list(teamId: string, opts: { limit: number; endpoint?: string | undefined }): Promise<Feedback[]>;
}
