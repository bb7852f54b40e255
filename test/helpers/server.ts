import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startTrawl, type Trawl } from '../../src/server.js';

export const TEST_KEY = 'fc-0123456789abcdef0123456789abcdef';

export interface TestServer {
  trawl: Trawl;
  url: string;
  key: string;
  dataDir: string;
  /** fetch against the server with the bootstrap key, JSON in and out. */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-test-'));
}

/**
 * A whole Trawl on 127.0.0.1 with a fresh data directory and the bootstrap key
 * `TEST_KEY`, configured through the same environment variables users set.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
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
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
