/** Why a browser session ended. */
export type SessionEndReason = 'deleted' | 'ttl' | 'idle' | 'browser-exited' | 'shutdown' | 'orphaned';

export interface StoredBrowserSession {
  id: string;
  teamId: string;
  status: 'active' | 'destroyed';
  /** The scrape an interact session continues (§3.3); null for a standalone session. */
  scrapeId: string | null;
  profileName: string | null;
  streamWebView: boolean;
  createdAt: string;
  lastActivity: string;
  expiresAt: string;
  destroyedAt: string | null;
  endReason: SessionEndReason | null;
  creditsBilled: number | null;
}

/** The record of every browser session: live ones for limits and lookups, ended ones for listing. */
export interface BrowserSessionStore {
  insert(session: Omit<StoredBrowserSession, 'destroyedAt' | 'endReason' | 'creditsBilled' | 'status'>): Promise<void>;
  get(id: string): Promise<StoredBrowserSession | null>;
  /** The session (live or ended) opened for a scrape's interact calls. */
  findByScrape(scrapeId: string): Promise<StoredBrowserSession | null>;
  /** Newest first. */
  list(teamId: string, status?: 'active' | 'destroyed'): Promise<StoredBrowserSession[]>;
  touch(id: string, at: string): Promise<void>;
  /** Marks an active session destroyed; false when it already was (someone else ended it). */
  markDestroyed(id: string, end: { at: string; reason: SessionEndReason; creditsBilled: number }): Promise<boolean>;
  /** Every session still marked active: at start-up, those the previous process left behind. */
  listActive(): Promise<StoredBrowserSession[]>;
  /** Forgets sessions that ended before `before`. */
  purgeDestroyed(before: Date): Promise<number>;
}
