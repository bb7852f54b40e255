import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { DASHBOARD_DIST } from '../../src/dashboard/serve.js';

/** The dashboard's tests drive the built bundle; a fresh clone may not have built it yet. */
export function ensureDashboardBuilt(): void {
  if (fs.existsSync(path.join(DASHBOARD_DIST, 'index.html'))) return;
  const r = spawnSync(process.execPath, ['web/scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('Building the dashboard failed');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.TRAWL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}
