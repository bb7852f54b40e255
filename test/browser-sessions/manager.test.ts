import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { TrawlError } from '../../src/errors/trawl-error.js';
import { SessionManager } from '../../src/browser-sessions/manager.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { startSite, type Site } from '../fixtures/site.js';
import { tempDataDir } from '../helpers/server.js';

const silent = { warn() {}, error() {} };

async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('browser session lifecycle', () => {
  let dataDir: string;
  let store: Store;
  let manager: SessionManager;
  let site: Site;
  let team: string;

  before(async () => {
    dataDir = tempDataDir();
    store = createSqliteStore(dataDir);
    team = (await store.teams.createTeam({ name: 'sessions', plan: 'unlimited' })).id;
    manager = new SessionManager({
      store,
      dataDir,
      policy: { allowPrivateNetwork: true },
      perTeamLimit: 2,
      retentionMs: 3600_000,
      log: silent,
    });
    site = await startSite({
      '/set': { html: '<title>set</title>', headers: { 'set-cookie': 'who=alice; Max-Age=3600; Path=/' } },
      '/get': (req, res) => res.end(`<title>${req.headers.cookie ?? 'none'}</title>`),
    });
  });
  after(async () => {
    await manager.close();
    await store.close();
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const base = () => ({ teamId: team, apiKeyId: null, ttlMs: 60_000, activityTtlMs: 60_000, streamWebView: true });

  test('a session ends at its lifetime, is recorded destroyed and billed its minimum minute', async () => {
    const session = await manager.open({ ...base(), ttlMs: 1_500 });
    assert.equal((await store.browserSessions.get(session.id))?.status, 'active');
    const ended = await until(async () => {
      const s = await store.browserSessions.get(session.id);
      return s?.status === 'destroyed' && s;
    }, 'the session to expire');
    assert.equal(ended.endReason, 'ttl');
    assert.equal(ended.creditsBilled, 2);
    assert.equal(manager.get(session.id), undefined);
    const usage = await store.ledger.creditsUsed(team, new Date().toISOString().slice(0, 7));
    assert.ok(usage >= 2, `the minute was charged (ledger shows ${usage})`);
  });

  test('an idle session ends after its activity timeout, but not while code runs in it', async () => {
    const session = await manager.open({ ...base(), activityTtlMs: 800 });
    await session.busy(() => new Promise((r) => setTimeout(r, 1_500)));
    assert.ok(manager.get(session.id), 'still live after running longer than its idle timeout');
    const ended = await until(async () => {
      const s = await store.browserSessions.get(session.id);
      return s?.status === 'destroyed' && s;
    }, 'the idle session to end');
    assert.equal(ended.endReason, 'idle');
  });

  test('a team holds at most its limit of live sessions', async () => {
    const a = await manager.open(base());
    const b = await manager.open(base());
    await assert.rejects(manager.open(base()), (err: unknown) => err instanceof TrawlError && err.status === 429 && /at once/.test(err.message));
    await manager.end(a.id, 'deleted');
    const c = await manager.open(base());
    await manager.end(b.id, 'deleted');
    await manager.end(c.id, 'deleted');
  });

  test('a saved profile keeps cookies for the next session; only one session at a time may save it', async () => {
    const first = await manager.open({ ...base(), profile: { name: 'shop login', saveChanges: true } });
    await assert.rejects(
      manager.open({ ...base(), profile: { name: 'shop login', saveChanges: true } }),
      (err: unknown) => err instanceof TrawlError && err.status === 409,
    );
    await (await first.page()).goto(site.url('/set'));
    await manager.end(first.id, 'deleted');
    const second = await manager.open({ ...base(), profile: { name: 'shop login', saveChanges: false } });
    const page = await second.page();
    await page.goto(site.url('/get'));
    assert.equal(await page.title(), 'who=alice');
    await manager.end(second.id, 'deleted');
    const fresh = await manager.open(base());
    const other = await fresh.page();
    await other.goto(site.url('/get'));
    assert.equal(await other.title(), 'none', 'a session without the profile starts with no cookies');
    await manager.end(fresh.id, 'deleted');
  });

  test('a restart ends the sessions the last process left active and bills them', async () => {
    const now = Date.now();
    await store.browserSessions.insert({
      id: 'orphan-1',
      teamId: team,
      scrapeId: null,
      profileName: null,
      streamWebView: true,
      createdAt: new Date(now - 5 * 60_000).toISOString(),
      lastActivity: new Date(now - 2 * 60_000).toISOString(),
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    assert.equal(await manager.recoverOrphans(), 1);
    const s = await store.browserSessions.get('orphan-1');
    assert.equal(s?.status, 'destroyed');
    assert.equal(s?.endReason, 'orphaned');
    assert.equal(s?.creditsBilled, 6, 'three minutes up to its last activity, at 2 credits a minute');
  });

  test('on a shared store only records well past their hard end are orphans; live-looking ones are left to their process', async () => {
    const now = Date.now();
    const record = (id: string, expiresInMs: number) =>
      store.browserSessions.insert({
        id,
        teamId: team,
        scrapeId: null,
        profileName: null,
        streamWebView: true,
        createdAt: new Date(now - 10 * 60_000).toISOString(),
        lastActivity: new Date(now - 9 * 60_000).toISOString(),
        expiresAt: new Date(now + expiresInMs).toISOString(),
      });
    await record('dead-process', -5 * 60_000);
    await record('other-process', 5 * 60_000);
    await record('just-expired', -1_000);
    assert.equal(await manager.recoverExpiredOrphans(new Date(now)), 1);
    const dead = await store.browserSessions.get('dead-process');
    assert.deepEqual([dead?.status, dead?.endReason, dead?.creditsBilled], ['destroyed', 'orphaned', 2]);
    assert.equal((await store.browserSessions.get('other-process'))?.status, 'active', 'another process may still hold it');
    assert.equal((await store.browserSessions.get('just-expired'))?.status, 'active', 'its own process may be ending it now');
  });
});
