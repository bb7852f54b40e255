import { randomUUID } from 'node:crypto';
import type { ApiKey, Team, TeamStore } from '../teams.js';
import type { Db } from './database.js';
import { toTeam, toKey, type TeamRow, type KeyRow } from '../rows/teams.js';

export function createSqliteTeamStore(db: Db): TeamStore {
  const q = {
    insertTeam: db.prepare('INSERT INTO teams (id, name, plan, created_at) VALUES (?, ?, ?, ?)'),
    teamById: db.prepare('SELECT * FROM teams WHERE id = ?'),
    teamByName: db.prepare('SELECT * FROM teams WHERE name = ?'),
    setPlan: db.prepare('UPDATE teams SET plan = ? WHERE id = ?'),
    allTeams: db.prepare('SELECT * FROM teams ORDER BY created_at, name'),
    insertKey: db.prepare(
      'INSERT INTO api_keys (id, team_id, name, key_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    keyByHash: db.prepare(
      `SELECT k.id, k.team_id, k.name, k.prefix, k.created_at, k.revoked_at,
              t.id AS t_id, t.name AS t_name, t.plan AS t_plan, t.created_at AS t_created_at
         FROM api_keys k JOIN teams t ON t.id = k.team_id
        WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
    ),
    keysAll: db.prepare('SELECT * FROM api_keys ORDER BY created_at'),
    keysOfTeam: db.prepare('SELECT * FROM api_keys WHERE team_id = ? ORDER BY created_at'),
    revoke: db.prepare(
      'UPDATE api_keys SET revoked_at = ? WHERE revoked_at IS NULL AND (id = ? OR prefix = ?)',
    ),
  };

  return {
    async createTeam({ name, plan }) {
      const team: Team = { id: randomUUID(), name, plan, createdAt: new Date().toISOString() };
      q.insertTeam.run(team.id, team.name, team.plan, team.createdAt);
      return team;
    },
    async getTeam(id) {
      const r = q.teamById.get(id) as TeamRow | undefined;
      return r ? toTeam(r) : null;
    },
    async findTeamByName(name) {
      const r = q.teamByName.get(name) as TeamRow | undefined;
      return r ? toTeam(r) : null;
    },
    async setTeamPlan(teamId, plan) {
      q.setPlan.run(plan, teamId);
    },
    async listTeams() {
      return (q.allTeams.all() as TeamRow[]).map(toTeam);
    },
    async addApiKey({ teamId, name, keyHash, prefix }) {
      const key: ApiKey = {
        id: randomUUID(),
        teamId,
        name,
        prefix,
        createdAt: new Date().toISOString(),
        revokedAt: null,
      };
      q.insertKey.run(key.id, teamId, name, keyHash, prefix, key.createdAt);
      return key;
    },
    async findApiKeyByHash(keyHash) {
      const r = q.keyByHash.get(keyHash) as
        | (KeyRow & { t_id: string; t_name: string; t_plan: string; t_created_at: string })
        | undefined;
      if (!r) return null;
      return {
        key: toKey(r),
        team: { id: r.t_id, name: r.t_name, plan: r.t_plan, createdAt: r.t_created_at },
      };
    },
    async listApiKeys(teamId) {
      const rows = (teamId ? q.keysOfTeam.all(teamId) : q.keysAll.all()) as KeyRow[];
      return rows.map(toKey);
    },
    async revokeApiKey(idOrPrefix) {
      return q.revoke.run(new Date().toISOString(), idOrPrefix, idOrPrefix).changes;
    },
  };
}
