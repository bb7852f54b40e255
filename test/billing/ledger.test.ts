import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { after, before, describe, test } from 'node:test';
import { charge, creditBalance, creditsToTokens, TOKENS_PER_CREDIT, tokensToCredits } from '../../src/billing/credits.js';
import { usageHistory } from '../../src/billing/history.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import type { ApiKey, Team } from '../../src/store/teams.js';

const at = (iso: string) => new Date(iso);

describe('ledger and credits', () => {
  let dir: string;
  let store: Store;
  let team: Team;
  let other: Team;
  let ci: ApiKey;
  let laptop: ApiKey;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-ledger-'));
    store = createSqliteStore(dir);
    team = await store.teams.createTeam({ name: 'acme', plan: 'hobby' });
    other = await store.teams.createTeam({ name: 'other', plan: 'hobby' });
    ci = await store.teams.addApiKey({ teamId: team.id, name: 'ci', keyHash: 'h1', prefix: 'fc-1' });
    laptop = await store.teams.addApiKey({ teamId: team.id, name: 'laptop', keyHash: 'h2', prefix: 'fc-2' });
    const c = (apiKeyId: string | null, credits: number, iso: string, kind = 'scrape') =>
      charge(store, { teamId: team.id, apiKeyId, credits, kind, at: at(iso) });
    await c(ci.id, 10, '2025-07-15T12:00:00.000Z');
    await c(ci.id, 5, '2025-08-01T00:00:00.000Z', 'crawl'); // first instant of August
    await c(laptop.id, 7, '2025-08-31T23:59:59.999Z'); // last instant of August
    await c(null, 3, '2025-08-10T00:00:00.000Z');
    await c(laptop.id, 100, '2025-09-02T08:00:00.000Z', 'extract');
    await charge(store, { teamId: other.id, apiKeyId: null, credits: 1000, kind: 'scrape', at: at('2025-08-05T00:00:00.000Z') });
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('tokens are credits × 15, and token-metered work rounds up to whole credits', () => {
    assert.equal(TOKENS_PER_CREDIT, 15);
    assert.equal(creditsToTokens(7), 105);
    assert.equal(tokensToCredits(15), 1);
    assert.equal(tokensToCredits(16), 2);
    assert.equal(tokensToCredits(0), 0);
  });

  test('a charge records team, key, credits, tokens, kind, job and time', async () => {
    const e = await charge(store, { teamId: other.id, apiKeyId: null, tokens: 31, kind: 'extract', jobId: 'job-1', at: at('2024-01-05T00:00:00.000Z') });
    assert.deepEqual(
      { ...e, id: typeof e.id },
      { id: 'string', teamId: other.id, apiKeyId: null, credits: 3, tokens: 45, kind: 'extract', jobId: 'job-1', createdAt: '2024-01-05T00:00:00.000Z' },
    );
  });

  test('charges get distinct UUIDv7 ids in the order they were made', async () => {
    const ids: string[] = [];
    const from = Date.now();
    for (let i = 0; i < 50; i++) ids.push((await charge(store, { teamId: other.id, apiKeyId: null, credits: 0, kind: 'scrape' })).id);
    for (const id of ids) {
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      assert.ok(ms >= from && ms <= Date.now(), id);
    }
    assert.deepEqual([...ids].sort((a, b) => a.slice(0, 13).localeCompare(b.slice(0, 13))), ids);
    assert.equal(new Set(ids).size, ids.length);
  });

  test('a charge must be a whole, non-negative number of credits', async () => {
    for (const credits of [-1, 1.5, Number.NaN, Infinity]) {
      await assert.rejects(charge(store, { teamId: team.id, apiKeyId: null, credits, kind: 'scrape' }), RangeError, String(credits));
    }
    await assert.rejects(charge(store, { teamId: team.id, apiKeyId: null, tokens: -5, kind: 'extract' }), RangeError);
  });

  test('sums per period: the calendar month from its first to its last instant, per team', async () => {
    assert.equal(await store.ledger.creditsUsed(team.id, '2025-08'), 5 + 7 + 3);
    assert.equal(await store.ledger.creditsUsed(team.id, '2025-07'), 10);
    assert.equal(await store.ledger.creditsUsed(other.id, '2025-08'), 1000);
    assert.equal(await store.ledger.creditsUsed(team.id, '2025-06'), 0);
  });

  test('sums per month, newest first, with tokens = credits × 15', async () => {
    const rows = await store.ledger.usageByMonth(team.id, { byApiKey: false });
    assert.deepEqual(
      rows.map((r) => [r.month, r.credits, r.tokens, r.apiKeyId]),
      [
        ['2025-09', 100, 1500, null],
        ['2025-08', 15, 225, null],
        ['2025-07', 10, 150, null],
      ],
    );
  });

  test('sums per (month, key), with the key’s name; keyless usage has none', async () => {
    const rows = await store.ledger.usageByMonth(team.id, { byApiKey: true });
    assert.deepEqual(
      rows.map((r) => [r.month, r.apiKeyName, r.credits]),
      [
        ['2025-09', 'laptop', 100],
        ['2025-08', 'laptop', 7],
        ['2025-08', 'ci', 5],
        ['2025-08', null, 3],
        ['2025-07', 'ci', 10],
      ],
    );
    assert.equal(rows[0]!.apiKeyId, laptop.id);
  });

  test('balance: plan credits less what the month used, never below zero', async () => {
    const b = await creditBalance(store, team, at('2025-08-20T00:00:00.000Z'));
    assert.deepEqual([b.planCredits, b.usedCredits, b.remainingCredits], [3000, 15, 2985]);
    assert.equal(b.period.month, '2025-08');
    await store.teams.setTeamPlan(other.id, 'free');
    const over = await creditBalance(store, { ...other, plan: 'free' }, at('2025-08-20T00:00:00.000Z'));
    assert.deepEqual([over.planCredits, over.usedCredits, over.remainingCredits], [500, 1000, 0]);
  });

  test('an unlimited team records its usage and never runs out', async () => {
    const u = await store.teams.createTeam({ name: 'boundless', plan: 'unlimited' });
    await charge(store, { teamId: u.id, apiKeyId: null, credits: 2_000_000_000, kind: 'crawl' });
    const b = await creditBalance(store, u);
    assert.deepEqual([b.planCredits, b.usedCredits, b.remainingCredits], [999_999_999, 2_000_000_000, 999_999_999]);
  });

  test('an unknown plan has no balance', async () => {
    await assert.rejects(creditBalance(store, { ...team, plan: 'gold' }), { name: 'UnknownPlanError', planName: 'gold' });
  });

  test('history: every month from the team’s first to now, quiet months as zero', async () => {
    const t = { ...team, createdAt: '2025-06-20T00:00:00.000Z' };
    const h = await usageHistory(store, t, { byApiKey: false, now: at('2025-11-03T00:00:00.000Z') });
    assert.deepEqual(
      h.map((p) => [p.period.month, p.credits, p.tokens, p.apiKey]),
      [
        ['2025-11', 0, 0, null],
        ['2025-10', 0, 0, null],
        ['2025-09', 100, 1500, null],
        ['2025-08', 15, 225, null],
        ['2025-07', 10, 150, null],
        ['2025-06', 0, 0, null],
      ],
    );
  });

  test('history of a new team is its current month at zero', async () => {
    const fresh = await store.teams.createTeam({ name: 'fresh', plan: 'free' });
    const h = await usageHistory(store, fresh, { byApiKey: false });
    assert.equal(h.length, 1);
    assert.deepEqual([h[0]!.credits, h[0]!.tokens], [0, 0]);
    assert.equal(await usageHistory(store, fresh, { byApiKey: true }).then((x) => x.length), 0);
  });

  test('the monthly running totals agree with the rows they sum', async () => {
    const db = new Database(path.join(dir, 'trawl.sqlite'), { readonly: true });
    const raw = db
      .prepare(
        `SELECT team_id, substr(created_at, 1, 7) AS month, SUM(credits) AS credits, SUM(tokens) AS tokens
           FROM ledger GROUP BY team_id, month ORDER BY team_id, month DESC`,
      )
      .all() as { team_id: string; month: string; credits: number; tokens: number }[];
    db.close();
    assert.ok(raw.length >= 4);
    for (const t of new Set(raw.map((r) => r.team_id))) {
      const summed = await store.ledger.usageByMonth(t, { byApiKey: false });
      assert.deepEqual(
        summed.map((r) => [r.month, r.credits, r.tokens]),
        raw.filter((r) => r.team_id === t).map((r) => [r.month, r.credits, r.tokens]),
      );
    }
  });

  test('usage outlives a deleted key', async () => {
    const k = await store.teams.addApiKey({ teamId: other.id, name: 'temp', keyHash: 'h3', prefix: 'fc-3' });
    await charge(store, { teamId: other.id, apiKeyId: k.id, credits: 4, kind: 'map', at: at('2023-03-03T00:00:00.000Z') });
    const db = new Database(path.join(dir, 'trawl.sqlite'));
    db.prepare('DELETE FROM api_keys WHERE id = ?').run(k.id);
    db.close();
    const rows = await store.ledger.usageByMonth(other.id, { byApiKey: true });
    assert.deepEqual(rows.find((r) => r.month === '2023-03'), { month: '2023-03', apiKeyId: null, apiKeyName: null, credits: 4, tokens: 60 });
  });
});
