import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { bootstrapTeams } from '../../src/auth/bootstrap.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { defineRoutes } from '../../src/http/route.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';

describe('unexpected errors', () => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logs: string[] = [];

  before(async () => {
    const config = loadConfig({ TRAWL_DATA_DIR: tempDataDir(), TRAWL_API_KEY: TEST_KEY, TRAWL_LOG_LEVEL: 'error' });
    store = createSqliteStore(config.dataDir);
    await bootstrapTeams(config, store);
    const logStream = new PassThrough();
    logStream.on('data', (c: Buffer) => logs.push(c.toString()));
    const routes = defineRoutes(
      {
        method: 'GET',
        url: '/v2/boom',
        operationId: 'boom',
        summary: 'throws',
        tag: 'Test',
        rateClass: 'none',
        handler: async () => {
          throw new Error('kaboom in a handler');
        },
      },
      {
        method: 'GET',
        url: '/v2/fine',
        operationId: 'fine',
        summary: 'answers',
        tag: 'Test',
        rateClass: 'none',
        handler: async () => ({ success: true }),
      },
    );
    app = await buildApp({ config, store, routes, guards: [] }, { logStream });
  });
  after(async () => {
    await app.close();
    await store.close();
  });

  test('answer 500 with an exception id that is logged with the stack, and the server keeps serving', async () => {
    const auth = { authorization: `Bearer ${TEST_KEY}` };
    const r = await app.inject({ method: 'GET', url: '/v2/boom', headers: auth });
    assert.equal(r.statusCode, 500);
    const body = r.json();
    assert.equal(body.success, false);
    assert.equal(body.code, 'UNKNOWN_ERROR');
    const id = /exception ID is ([0-9a-f-]{36})/.exec(body.error)?.[1];
    assert.ok(id, body.error);
    assert.doesNotMatch(body.error, /kaboom/, 'internal messages stay in the log');
    const line = logs.find((l) => l.includes(id));
    assert.ok(line, 'the exception id is in the log');
    assert.match(line, /kaboom in a handler/);
    assert.match(line, /errors\.test\.ts/, 'the stack is logged');

    const again = await app.inject({ method: 'GET', url: '/v2/fine', headers: auth });
    assert.equal(again.statusCode, 200);
  });
});
