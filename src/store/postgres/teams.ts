import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ApiKey, Team, TeamStore } from '../teams.js';
import { toTeam, toKey, type TeamRow, type KeyRow } from '../rows/teams.js';

export function createPostgresTeamStore(db: pg.Pool): TeamStore {
  const one = async <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await db.query<R>(sql, params)).rows[0];
  return {
    async createTeam({ name, plan }) {
      const team: Team = { id: randomUUID(), name, plan, createdAt: new Date().toISOString() };
      await db.query('INSERT INTO teams (id, name, plan, created_at) VALUES ($1, $2, $3, $4)', [team.id, name, plan, team.createdAt]);
      return team;
    },
    async getTeam(id) {
      const r = await one<TeamRow>('SELECT * FROM teams WHERE id = $1', [id]);
      return r ? toTeam(r) : null;
    },
    async findTeamByName(name) {
      const r = await one<TeamRow>('SELECT * FROM teams WHERE name = $1', [name]);
      return r ? toTeam(r) : null;
    },
    async setTeamPlan(teamId, plan) {
      await db.query('UPDATE teams SET plan = $1 WHERE id = $2', [plan, teamId]);
    },
    async listTeams() {
      return (await db.query<TeamRow>('SELECT * FROM teams ORDER BY created_at, name COLLATE "C"')).rows.map(toTeam);
    },
    async addApiKey({ teamId, name, keyHash, prefix }) {
      const key: ApiKey = { id: randomUUID(), teamId, name, prefix, createdAt: new Date().toISOString(), revokedAt: null };
      await db.query(
        'INSERT INTO api_keys (id, team_id, name, key_hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [key.id, teamId, name, keyHash, prefix, key.createdAt],
      );
      return key;
    },
    async findApiKeyByHash(keyHash) {
      const r = await one<KeyRow & { t_id: string; t_name: string; t_plan: string; t_created_at: string }>(
        `SELECT k.id, k.team_id, k.name, k.prefix, k.created_at, k.revoked_at,
                t.id AS t_id, t.name AS t_name, t.plan AS t_plan, t.created_at AS t_created_at
           FROM api_keys k JOIN teams t ON t.id = k.team_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
      if (!r) return null;
      return { key: toKey(r), team: { id: r.t_id, name: r.t_name, plan: r.t_plan, createdAt: r.t_created_at } };
    },
    async listApiKeys(teamId) {
      const { rows } = teamId
        ? await db.query<KeyRow>('SELECT * FROM api_keys WHERE team_id = $1 ORDER BY created_at', [teamId])
        : await db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at');
      return rows.map(toKey);
    },
    async revokeApiKey(idOrPrefix) {
      const r = await db.query('UPDATE api_keys SET revoked_at = $1 WHERE revoked_at IS NULL AND (id = $2 OR prefix = $2)', [
        new Date().toISOString(),
        idOrPrefix,
      ]);
      return r.rowCount ?? 0;
    },
  };
}
