/** Teams and API keys as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { ApiKey, Team } from '../teams.js';

export interface TeamRow {
  id: string;
  name: string;
  plan: string;
  created_at: string;
}
export interface KeyRow {
  id: string;
  team_id: string;
  name: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export const toTeam = (r: TeamRow): Team => ({ id: r.id, name: r.name, plan: r.plan, createdAt: r.created_at });
export const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  teamId: r.team_id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});
