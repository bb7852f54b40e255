/** Browser session records as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { SessionEndReason, StoredBrowserSession } from '../browser-sessions.js';

export interface SessionRow {
  id: string;
  team_id: string;
  status: 'active' | 'destroyed';
  scrape_id: string | null;
  profile_name: string | null;
  stream_web_view: number;
  created_at: string;
  last_activity: string;
  expires_at: string;
  destroyed_at: string | null;
  end_reason: SessionEndReason | null;
  credits_billed: number | null;
}

export const toSession = (r: SessionRow): StoredBrowserSession => ({
  id: r.id,
  teamId: r.team_id,
  status: r.status,
  scrapeId: r.scrape_id,
  profileName: r.profile_name,
  streamWebView: r.stream_web_view === 1,
  createdAt: r.created_at,
  lastActivity: r.last_activity,
  expiresAt: r.expires_at,
  destroyedAt: r.destroyed_at,
  endReason: r.end_reason,
  creditsBilled: r.credits_billed,
});
