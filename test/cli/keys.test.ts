import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { run } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('trawl keys (operator command)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const trawl = async (...args: string[]) => {
    const p = run('node', ['bin/trawl.js', ...args], { ...s.storageEnv, TRAWL_LOG_LEVEL: 'silent' });
    const code = await p.exited;
    return { code, out: p.output() };
  };

  test('issues a key to a new team while the server runs, lists it, and revokes it', async () => {
    const created = await trawl('keys', 'create', '--team', 'acme', '--name', 'ci');
    assert.equal(created.code, 0, created.out);
    const key = /^(fc-[0-9a-f]{32})$/m.exec(created.out)?.[1];
    assert.ok(key, created.out);

    const auth = { authorization: `Bearer ${key}` };
    const ok = await s.api('GET', '/v2/team/token-usage', undefined, auth);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));

    const listed = await trawl('keys', 'list', '--team', 'acme');
    assert.equal(listed.code, 0, listed.out);
    assert.match(listed.out, /^ID\tPREFIX\tTEAM\tPLAN\tNAME\tSTATE$/m, 'a header names the columns');
    assert.match(listed.out, new RegExp(`${key.slice(0, 11)}…\\tacme\\t.*\\tci\\tactive`));
    assert.doesNotMatch(listed.out, new RegExp(key), 'the key itself is never shown again');

    const revoked = await trawl('keys', 'revoke', key.slice(0, 11));
    assert.equal(revoked.code, 0, revoked.out);
    const after = await s.api('GET', '/v2/team/token-usage', undefined, auth);
    assert.equal(after.status, 401);
    assert.equal(after.body.error, 'Unauthorized: Invalid token');
  });

  test('says what is wrong when revoking an unknown key', async () => {
    const r = await trawl('keys', 'revoke', 'fc-nothere');
    assert.notEqual(r.code, 0);
    assert.match(r.out, /No active key matches "fc-nothere"/);
  });
});
