import { randomUUID } from 'node:crypto';
import { toKey, toTeam, type KeyRow, type TeamRow } from '../rows/teams.js';
import type { ApiKey, Team, TeamStore } from '../teams.js';
import type { Sql } from './sql.js';

export function createTeamStore(sql: Sql): TeamStore {
  const team = async (where: string, value: string) => {
    const r = await sql.one<TeamRow>(`SELECT * FROM teams WHERE ${where} = ?`, [value]);
    return r ? toTeam(r) : null;
  };
  return {
    async createTeam({ name, plan }) {
      const t: Team = { id: randomUUID(), name, plan, createdAt: new Date().toISOString() };
      await sql.run('INSERT INTO teams (id, name, plan, created_at) VALUES (?, ?, ?, ?)', [t.id, name, plan, t.createdAt]);
      return t;
    },
    getTeam: (id) => team('id', id),
    findTeamByName: (name) => team('name', name),
    async setTeamPlan(teamId, plan) {
      await sql.run('UPDATE teams SET plan = ? WHERE id = ?', [plan, teamId]);
    },
    async listTeams() {
      return (await sql.all<TeamRow>(`SELECT * FROM teams ORDER BY created_at, name${sql.dialect.bytewise}`)).map(toTeam);
    },
    async addApiKey({ teamId, name, keyHash, prefix }) {
      const key: ApiKey = { id: randomUUID(), teamId, name, prefix, createdAt: new Date().toISOString(), revokedAt: null };
      await sql.run('INSERT INTO api_keys (id, team_id, name, key_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        key.id,
        teamId,
        name,
        keyHash,
        prefix,
        key.createdAt,
      ]);
      return key;
    },
    async findApiKeyByHash(keyHash) {
      const r = await sql.one<KeyRow & { t_id: string; t_name: string; t_plan: string; t_created_at: string }>(
        `SELECT k.id, k.team_id, k.name, k.prefix, k.created_at, k.revoked_at,
                t.id AS t_id, t.name AS t_name, t.plan AS t_plan, t.created_at AS t_created_at
           FROM api_keys k JOIN teams t ON t.id = k.team_id
          WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
        [keyHash],
      );
      if (!r) return null;
      return { key: toKey(r), team: { id: r.t_id, name: r.t_name, plan: r.t_plan, createdAt: r.t_created_at } };
    },
    async listApiKeys(teamId) {
      const rows = teamId
        ? await sql.all<KeyRow>('SELECT * FROM api_keys WHERE team_id = ? ORDER BY created_at', [teamId])
        : await sql.all<KeyRow>('SELECT * FROM api_keys ORDER BY created_at');
      return rows.map(toKey);
    },
    async revokeApiKey(idOrPrefix) {
      return sql.run('UPDATE api_keys SET revoked_at = ? WHERE revoked_at IS NULL AND (id = ? OR prefix = ?)', [
        new Date().toISOString(),
        idOrPrefix,
        idOrPrefix,
      ]);
    },
  };
}
