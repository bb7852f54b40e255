import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { LedgerEntry, LedgerStore, MonthlyUsage } from '../ledger.js';

interface MonthRow {
  month: string;
  api_key_id: string | null;
  api_key_name: string | null;
  credits: number;
  tokens: number;
}

export function createPostgresLedgerStore(db: pg.Pool): LedgerStore {
  return {
    async record(input) {
      const entry: LedgerEntry = { ...input, id: randomUUID(), createdAt: input.createdAt ?? new Date().toISOString() };
      await db.query(
        `INSERT INTO ledger (id, team_id, api_key_id, credits, tokens, kind, job_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [entry.id, entry.teamId, entry.apiKeyId, entry.credits, entry.tokens, entry.kind, entry.jobId, entry.createdAt],
      );
      return entry;
    },
    async creditsUsed(teamId, month) {
      // The running totals of ledger_months (see 003-billing.sql), not the rows.
      const { rows } = await db.query<{ credits: number }>(
        'SELECT COALESCE(SUM(credits), 0) AS credits FROM ledger_months WHERE team_id = $1 AND month = $2',
        [teamId, month],
      );
      return rows[0]!.credits;
    },
    async usageByMonth(teamId, { byApiKey }) {
      const sql = byApiKey
        ? // Grouped by the joined key, so a deleted key's usage merges with keyless usage.
          `SELECT m.month, k.id AS api_key_id, min(k.name) AS api_key_name, SUM(m.credits) AS credits, SUM(m.tokens) AS tokens
             FROM ledger_months m LEFT JOIN api_keys k ON k.id = m.api_key_id
            WHERE m.team_id = $1
            GROUP BY m.month, k.id ORDER BY m.month DESC, credits DESC, min(k.name) COLLATE "C" NULLS FIRST`
        : `SELECT month, NULL AS api_key_id, NULL AS api_key_name, SUM(credits) AS credits, SUM(tokens) AS tokens
             FROM ledger_months WHERE team_id = $1
            GROUP BY month ORDER BY month DESC`;
      const { rows } = await db.query<MonthRow>(sql, [teamId]);
      return rows.map(
        (r): MonthlyUsage => ({ month: r.month, apiKeyId: r.api_key_id, apiKeyName: r.api_key_name, credits: r.credits, tokens: r.tokens }),
      );
    },
  };
}
