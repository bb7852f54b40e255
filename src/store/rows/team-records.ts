/** Activity, feedback and team-setting rows as both SQL backends store them, and their mapping to records. */
import type { Activity } from '../activity.js';
import type { AgentThread } from '../agent-threads.js';
import type { Feedback } from '../feedback.js';

export interface ActivityRow {
  id: string;
  team_id: string;
  endpoint: string;
  api_version: string;
  target: string | null;
  created_at: string;
}

export const toActivity = (r: ActivityRow): Activity => ({
  id: r.id,
  teamId: r.team_id,
  endpoint: r.endpoint,
  apiVersion: r.api_version,
  target: r.target,
  createdAt: r.created_at,
});

/** A page boundary: the (created_at, id) of the last row handed out, opaque to callers. */
export const encodeCursor = (r: { created_at: string; id: string }) =>
  Buffer.from(`${r.created_at}|${r.id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return createdAt && id ? { createdAt, id } : null;
}

export interface FeedbackRow {
  id: string;
  team_id: string;
  endpoint: string;
  job_id: string;
  rating: string;
  body: string;
  created_at: string;
}

export const toFeedback = (r: FeedbackRow): Feedback => ({
  id: r.id,
  teamId: r.team_id,
  endpoint: r.endpoint,
  jobId: r.job_id,
  rating: r.rating,
  body: JSON.parse(r.body) as Record<string, unknown>,
  createdAt: r.created_at,
});

export interface AgentThreadRow {
  id: string;
  team_id: string;
  created_at: string;
  updated_at: string;
}

export const toAgentThread = (r: AgentThreadRow, runs: { turn: number; job_id: string }[]): AgentThread => ({
  id: r.id,
  teamId: r.team_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  runs: runs.map((run) => ({ turn: Number(run.turn), jobId: run.job_id })),
});
