/** One API request a team made, as `GET /v2/team/activity` lists it (§15.4). */
export interface Activity {
  id: string;
  teamId: string;
  /** The operation, e.g. `scrape`, `crawl`, `search`. */
  endpoint: string;
  apiVersion: string;
  /** The URL or query the request was about, when it had one. */
  target: string | null;
  /** ISO-8601 UTC, so that string order is time order. */
  createdAt: string;
}

export interface ActivityPage {
  items: Activity[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

export interface ActivityStore {
  /** Records one request; rows older than `keepSince` are dropped on the way, so the log stays a day long. */
  record(entry: Activity, keepSince: Date): Promise<void>;
  /** Takes back a request that failed after it was recorded. */
  remove(id: string): Promise<void>;
  /** Newest first, since `since`; `cursor` comes from the previous page. */
  list(teamId: string, opts: { since: Date; limit: number; endpoint?: string | undefined; cursor?: string | undefined }): Promise<ActivityPage>;
}
