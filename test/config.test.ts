import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  test('defaults: port 3002, ./data, auth on, unlimited default plan', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3002);
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.auth, true);
    assert.equal(c.defaultPlan, 'unlimited');
    assert.equal(c.egress.allowPrivateNetwork, false);
    assert.equal(c.jobRetentionMs, 24 * 3600_000);
  });

  test('empty values count as unset', () => {
    assert.equal(loadConfig({ PORT: '' }).port, 3002);
  });

  test('every bad value gets its own clear message', () => {
    try {
      loadConfig({ PORT: 'eighty', TRAWL_AUTH: 'maybe', TRAWL_PUBLIC_URL: 'ftp://x', TRAWL_EGRESS_ALLOW_CIDRS: '10.0.0.0' });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /PORT must be a whole number/);
      assert.match(err.message, /TRAWL_AUTH must be one of/);
      assert.match(err.message, /TRAWL_PUBLIC_URL must be an absolute http\(s\) URL/);
      assert.equal(err.problems.length, 3, err.message);
    }
    assert.throws(() => loadConfig({ TRAWL_EGRESS_ALLOW_CIDRS: '10.0.0.0' }), /"10.0.0.0" is not a CIDR range/);
    assert.throws(() => loadConfig({ PORT: '70000' }), /PORT must be between 0 and 65535/);
    assert.throws(() => loadConfig({ TRAWL_DEFAULT_PLAN: 'gold' }), /TRAWL_DEFAULT_PLAN: "gold" is not a plan; known plans: free/);
  });

  test('TRAWL_RESOLVE pins names and wildcard subdomains; malformed entries are named', () => {
    assert.deepEqual(loadConfig({ TRAWL_RESOLVE: 'a.example=10.0.0.1, *.corp.example=::1' }).egress.hostOverrides, [
      { pattern: 'a.example', address: '10.0.0.1' },
      { pattern: '*.corp.example', address: '::1' },
    ]);
    assert.throws(() => loadConfig({ TRAWL_RESOLVE: 'a.example=not-an-ip' }), /TRAWL_RESOLVE: "a.example=not-an-ip" is not name=address/);
  });

  test('TRAWL_API_KEYS: bare keys get their own team, team:key groups keys', () => {
    const c = loadConfig({ TRAWL_API_KEYS: 'k1, acme:k2,acme:k3 ,other:k4' });
    assert.deepEqual(c.declaredKeys, [
      { team: null, key: 'k1' },
      { team: 'acme', key: 'k2' },
      { team: 'acme', key: 'k3' },
      { team: 'other', key: 'k4' },
    ]);
    assert.throws(() => loadConfig({ TRAWL_API_KEYS: 'acme:' }), /no key after the colon/);
  });
});

describe('safe defaults: who can reach the server', () => {
  const strongKey = 'fc-9f2c4e7a1b3d5f60718293a4b5c6d7e8';

  test('listens on loopback unless HOST is set', () => {
    assert.equal(loadConfig({}).host, '127.0.0.1');
    assert.equal(loadConfig({ HOST: '0.0.0.0', TRAWL_API_KEY: strongKey }).host, '0.0.0.0');
  });

  test('refuses a non-loopback address with the README key, a weak key, or auth off, in one line naming the way out', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ TRAWL_API_KEY: 'fc-0123456789abcdef0123456789abcdef' }, /an API key is the sample key from the README/],
      [{ TRAWL_API_KEY: 'abcde' }, /an API key is shorter than 20 characters/],
      [{ TRAWL_API_KEYS: `${strongKey},acme:aaaaaaaaaaaaaaaaaaaaaaaaaaaa` }, /an API key has fewer than 10 different characters/],
      [{ TRAWL_AUTH: 'off' }, /with TRAWL_AUTH=off: anyone who can reach it may use it/],
    ];
    for (const [env, reason] of cases) {
      try {
        loadConfig({ HOST: '0.0.0.0', ...env });
        assert.fail(`should refuse ${JSON.stringify(env)}`);
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 1);
        const [line = ''] = err.problems;
        assert.match(line, /^HOST: refusing to listen on 0\.0\.0\.0/);
        assert.match(line, reason);
        assert.match(line, /TRAWL_ALLOW_INSECURE_EXPOSURE=1/);
        assert.doesNotMatch(line, /\n/);
        // The key itself is never echoed.
        assert.doesNotMatch(line, /abcde|0123456789abcdef/);
      }
    }
  });

  test('the same settings are fine on loopback, for a worker, or when the operator says so', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      assert.equal(loadConfig({ HOST: host, TRAWL_AUTH: 'off' }).host, host);
    }
    assert.equal(loadConfig({ HOST: '0.0.0.0', TRAWL_API_KEY: 'abcde', TRAWL_ALLOW_INSECURE_EXPOSURE: '1' }).host, '0.0.0.0');
    assert.equal(loadConfig({ HOST: '::', TRAWL_API_KEY: strongKey }).host, '::');
    // A worker listens nowhere.
    assert.equal(
      loadConfig({ HOST: '0.0.0.0', TRAWL_AUTH: 'off', TRAWL_ROLE: 'worker', DATABASE_URL: 'postgres://x@db/x', REDIS_URL: 'redis://r:6379' }).role,
      'worker',
    );
    assert.throws(() => loadConfig({ HOST: '0.0.0.0', TRAWL_API_KEY: 'abcde', TRAWL_ALLOW_INSECURE_EXPOSURE: 'maybe' }), /TRAWL_ALLOW_INSECURE_EXPOSURE must be one of/);
  });
});
