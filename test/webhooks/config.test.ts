import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('webhook settings', () => {
  test('retry delays: §16.1 by default, seconds (decimals allowed) when set; the secret is optional', () => {
    const d = loadConfig({});
    assert.deepEqual(d.webhookRetryDelaysMs, [60_000, 300_000, 900_000]);
    assert.equal(d.webhookSecret, undefined);
    const c = loadConfig({ TRAWL_WEBHOOK_RETRY_DELAYS: '0.05, 2,30', TRAWL_WEBHOOK_SECRET: 's' });
    assert.deepEqual(c.webhookRetryDelaysMs, [50, 2000, 30_000]);
    assert.equal(c.webhookSecret, 's');
  });

  test('a malformed delay list stops the start with a message naming the variable', () => {
    assert.throws(() => loadConfig({ TRAWL_WEBHOOK_RETRY_DELAYS: '1m,5m' }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /TRAWL_WEBHOOK_RETRY_DELAYS must be/);
      return true;
    });
  });
});
