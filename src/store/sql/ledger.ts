import { randomUUID } from 'node:crypto';
import type { LedgerEntry, LedgerStore, MonthlyUsage } from '../ledger.js';
import type { Sql } from './sql.js';

interface MonthRow {
  month: string;
  api_key_id: string | null;
  api_key_name: string | null;
  credits: number;
  tokens: number;
}

/**
 * A UUIDv7 (RFC 9562): 48 bits of milliseconds, then random bits. Every page of a crawl is
 * charged, and a random id lands each new row on another leaf of the primary key's index,
 * one more page a commit writes to the WAL; ids in time order append to the index's last leaf.
 * The random bits are a v4 UUID's (its variant bits are v7's too): randomUUID draws them from a
 * pooled buffer, where randomBytes(16) was a system call a page (~1% of the main thread).
 */
function timeOrderedId(now: number): string {
  const ms = now.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

export function createLedgerStore(sql: Sql): LedgerStore {
  return {
    async record(input) {
      const now = Date.now();
      const entry: LedgerEntry = { ...input, id: timeOrderedId(now), createdAt: input.createdAt ?? new Date(now).toISOString() };
      await sql.run(
        `INSERT INTO ledger (id, team_id, api_key_id, credits, tokens, kind, job_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [entry.id, entry.teamId, entry.apiKeyId, entry.credits, entry.tokens, entry.kind, entry.jobId, entry.createdAt],
      );
      return entry;
    },
    async creditsUsed(teamId, month) {
      // The running totals of ledger_months (see 003-billing.sql), not the rows.
      const r = await sql.one<{ credits: number }>(
        'SELECT COALESCE(SUM(credits), 0) AS credits FROM ledger_months WHERE team_id = ? AND month = ?',
        [teamId, month],
      );
      return r!.credits;
    },
    async usageByMonth(teamId, { byApiKey }) {
      const rows = await sql.all<MonthRow>(
        byApiKey
          ? // Grouped by the joined key, so a deleted key's usage merges with keyless usage.
            `SELECT m.month, k.id AS api_key_id, min(k.name) AS api_key_name, SUM(m.credits) AS credits, SUM(m.tokens) AS tokens
               FROM ledger_months m LEFT JOIN api_keys k ON k.id = m.api_key_id
              WHERE m.team_id = ?
              GROUP BY m.month, k.id ORDER BY m.month DESC, credits DESC, min(k.name)${sql.dialect.bytewise} NULLS FIRST`
          : `SELECT month, NULL AS api_key_id, NULL AS api_key_name, SUM(credits) AS credits, SUM(tokens) AS tokens
               FROM ledger_months WHERE team_id = ?
              GROUP BY month ORDER BY month DESC`,
        [teamId],
      );
      return rows.map(
        (r): MonthlyUsage => ({ month: r.month, apiKeyId: r.api_key_id, apiKeyName: r.api_key_name, credits: r.credits, tokens: r.tokens }),
      );
    },
  };
}
