// A Trawl in the bench's own process, for benches that time one request at a time and want
// its CPU counted with theirs: a throwaway data dir, the bench key, no rate limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startTrawl } from '../../src/server.js';
import { KEY } from './server.js';

export async function startTrawlInProcess(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `trawl-bench-${name}-`));
  const trawl = await startTrawl(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_API_KEY: KEY,
      TRAWL_LOG_LEVEL: 'silent',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'on',
      TRAWL_RATE_LIMITS: 'off',
    }),
  );
  return { trawl, dataDir };
}
