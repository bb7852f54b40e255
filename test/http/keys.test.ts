import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('a team manages its own keys over /v2/team/keys', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: 'other:other-team-key' });
  });
  after(() => s.close());

  const as = (key: string) => ({ authorization: `Bearer ${key}` });

  test('a new key works at once, is listed by prefix only, and stops working when revoked', async () => {
    const created = await s.api('POST', '/v2/team/keys', { name: 'ci-robot' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const { key, id, prefix, name, revokedAt } = created.body.data;
    assert.match(key, /^fc-[0-9a-f]{32}$/);
    assert.equal(name, 'ci-robot');
    assert.equal(prefix, key.slice(0, 11));
    assert.equal(revokedAt, null);
    assert.equal((await s.api('GET', '/v2/team/credit-usage', undefined, as(key))).status, 200);

    const listed = await s.api('GET', '/v2/team/keys');
    assert.equal(listed.status, 200);
    const row = listed.body.data.find((k: any) => k.id === id);
    assert.deepEqual(Object.keys(row).sort(), ['createdAt', 'current', 'id', 'name', 'prefix', 'revokedAt']);
    assert.equal(row.current, false);
    assert.equal(listed.body.data.find((k: any) => k.current)?.name, 'TRAWL_API_KEY', 'the calling key is marked');
    assert.ok(!JSON.stringify(listed.body).includes(key), 'the key itself is never shown again');

    const revoked = await s.api('DELETE', `/v2/team/keys/${id}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal((await s.api('GET', '/v2/team/credit-usage', undefined, as(key))).status, 401);
    const after = (await s.api('GET', '/v2/team/keys')).body.data.find((k: any) => k.id === id);
    assert.ok(after.revokedAt, 'listed as revoked');
    // Revoking again changes nothing and is not an error.
    assert.equal((await s.api('DELETE', `/v2/team/keys/${id}`)).status, 200);
  });

  test('a key without a name is labelled, and a bad name is refused', async () => {
    const created = await s.api('POST', '/v2/team/keys', {});
    assert.equal(created.body.data.name, 'dashboard');
    const bad = await s.api('POST', '/v2/team/keys', { name: '' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.success, false);
  });

  test('the key a request is made with cannot revoke itself', async () => {
    const mine = (await s.api('GET', '/v2/team/keys')).body.data.find((k: any) => k.current);
    const r = await s.api('DELETE', `/v2/team/keys/${mine.id}`);
    assert.equal(r.status, 400);
    assert.match(r.body.error, /sign in with another key/);
    assert.equal((await s.api('GET', '/v2/team/credit-usage')).status, 200);
  });

  test("another team's keys are neither listed nor revocable", async () => {
    const theirs = (await s.api('GET', '/v2/team/keys', undefined, as('other-team-key'))).body.data;
    assert.equal(theirs.length, 1);
    const ours = (await s.api('GET', '/v2/team/keys')).body.data;
    assert.ok(!ours.some((k: any) => k.id === theirs[0].id));
    const r = await s.api('DELETE', `/v2/team/keys/${theirs[0].id}`);
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'API key not found');
    assert.equal((await s.api('GET', '/v2/team/credit-usage', undefined, as('other-team-key'))).status, 200);
  });

  test('keys are managed only with a key', async () => {
    const res = await fetch(`${s.url}/v2/team/keys`);
    assert.equal(res.status, 401);
  });
});
