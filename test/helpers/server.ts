import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startTrawl, type Trawl } from '../../src/server.js';
import { createStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/store.js';
import { testDatabaseFor } from './postgres.js';
import { redisPrefix } from './redis.js';

export const TEST_KEY = 'fc-0123456789abcdef0123456789abcdef';

export interface TestServer {
  trawl: Trawl;
  url: string;
  key: string;
  dataDir: string;
  /** Where its data lives, as environment variables: for commands (`trawl keys`) run against it. */
  storageEnv: Record<string, string>;
  /** fetch against the server with the bootstrap key, JSON in and out. */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-test-'));
}

/**
 * The store a test server on `dataDir` opens (PostgreSQL or SQLite alike), for
 * tests that set up data before a start or read it after one.
 */
export async function openTestStore(dataDir: string): Promise<Store> {
  const database = await testDatabaseFor(dataDir);
  return createStore({ databaseUrl: database?.url, dataDir, jobRetentionMs: 24 * 3600_000 });
}

/**
 * A whole Trawl on 127.0.0.1 with a fresh data directory and the bootstrap key
 * `TEST_KEY`, configured through the same environment variables users set.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const database = await testDatabaseFor(dataDir);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    // The queue, events and rate limits on Redis (CI's second run), each server under keys of its own.
    ...(process.env.TRAWL_TEST_REDIS_URL && { REDIS_URL: process.env.TRAWL_TEST_REDIS_URL, TRAWL_REDIS_PREFIX: redisPrefix() }),
    TRAWL_API_KEY: TEST_KEY,
    TRAWL_LOG_LEVEL: 'silent',
    TRAWL_ALLOW_PRIVATE_NETWORK: '1',
    ...env,
  });
  const trawl = await startTrawl(config);
  return {
    trawl,
    url: trawl.url,
    key: config.bootstrapKey ?? TEST_KEY,
    dataDir,
    storageEnv: { TRAWL_DATA_DIR: dataDir, ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }) },
    async api(method, p, body, headers = {}) {
      const res = await fetch(trawl.url + p, {
        method,
        headers: {
          ...(config.bootstrapKey ? { authorization: `Bearer ${config.bootstrapKey}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text: the assertion will show what came back.
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      await trawl.close();
      if (opts.dataDir) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
