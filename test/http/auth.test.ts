import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('authentication switched off (TRAWL_AUTH=off)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_AUTH: 'off', TRAWL_API_KEY: '' });
  });
  after(() => s.close());

  test('every request runs as the default team, with or without a key', async () => {
    const none = await fetch(`${s.url}/v2/team/token-usage`);
    assert.equal(none.status, 200);
    const anyKey = await fetch(`${s.url}/v2/team/token-usage`, { headers: { authorization: 'Bearer whatever' } });
    assert.equal(anyKey.status, 200);
    assert.deepEqual(((await none.json()) as any).data, ((await anyKey.json()) as any).data);
  });
});

describe('keys declared in TRAWL_API_KEYS', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: 'solo-key,acme:acme-1,acme:acme-2' });
  });
  after(() => s.close());

  test('each work from the first start, grouped into teams as declared', async () => {
    for (const key of ['solo-key', 'acme-1', 'acme-2']) {
      const r = await s.api('GET', '/v2/team/credit-usage', undefined, { authorization: `Bearer ${key}` });
      assert.equal(r.status, 200, `${key}: ${JSON.stringify(r.body)}`);
    }
    const teams = await s.trawl.store.teams.listTeams();
    const acme = teams.find((t) => t.name === 'acme');
    assert.ok(acme);
    assert.equal((await s.trawl.store.teams.listApiKeys(acme.id)).length, 2);
    assert.equal(teams.length, 3, 'default, acme and the solo key’s own team');
  });
});
