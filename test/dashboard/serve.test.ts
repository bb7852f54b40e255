import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { registerDashboard } from '../../src/dashboard/serve.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt } from '../web/dashboard.js';

describe('the dashboard is served at / beside the API', () => {
  let s: TestServer;
  before(async () => {
    ensureDashboardBuilt();
    s = await startTestServer();
  });
  after(() => s.close());

  test('the page is revalidated on every load, its hashed bundle cached for good', async () => {
    const res = await fetch(`${s.url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await res.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads its bundle from /assets/');

    const js = await fetch(s.url + script);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(js.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok((await js.text()).length > 1000);
  });

  test('nothing outside the bundle is reachable, and the API keeps its own answers', async () => {
    for (const p of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/index.html', '/assets/nope.js']) {
      const res = await fetch(s.url + p);
      assert.equal(res.status, 404, p);
      assert.equal(((await res.json()) as any).success, false);
    }
    const api = await fetch(`${s.url}/v2/not-a-route`);
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /json/);
  });
});

describe('without a built dashboard', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-web-'));
  after(() => fs.rmSync(empty, { recursive: true, force: true }));

  test('/ says how to build it', async () => {
    const app = Fastify();
    registerDashboard(app, empty);
    const res = await app.inject({ method: 'GET', url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /npm run build:web/);
    assert.equal(res.headers['cache-control'], 'no-store');
    await app.close();
  });
});
