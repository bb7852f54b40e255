import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from './browser/chromium.js';
import { type Config, isLoopbackHost } from './config.js';
import { DASHBOARD_DIST } from './dashboard/serve.js';
import { VERSION } from './version.js';

/** What a starting server tells its operator: each piece a newcomer might be missing, and how to add it. */
export interface StartupFacts {
  headline: string;
  /** Label → what was found, in the order shown. */
  rows: [label: string, value: string][];
}

/** A URL with its password left out: the banner ends up in logs. */
function withoutPassword(raw: string): string {
  try {
    const u = new URL(raw);
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(set)';
  }
}

function chromium(): string {
  try {
    return findChromium();
  } catch {
    return 'not found: pages that need a browser fall back to plain HTTP (install Debian\'s `chromium` or set TRAWL_CHROMIUM_PATH)';
  }
}

export function startupFacts(config: Config, url: string, workerId: string): StartupFacts {
  const where = isLoopbackHost(config.host) ? ' (this machine only: set HOST to listen on other addresses)' : '';
  const headline =
    config.role === 'worker' ? `Trawl worker ${workerId} is running (version ${VERSION})` : `Trawl ${VERSION} listening on ${url}${where}`;
  const declared = config.declaredKeys.length;
  const keySources = [config.bootstrapKey ? 'TRAWL_API_KEY' : '', declared ? `${declared} in TRAWL_API_KEYS` : '', 'keys from `trawl keys create`']
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [];
  if (config.role !== 'worker') {
    const built = fs.existsSync(path.join(DASHBOARD_DIST, 'index.html'));
    rows.push(['dashboard', built ? `${url}/` : 'not built: run `npm run build:web`']);
    rows.push(['auth', config.auth ? `API keys (${keySources})` : 'off (TRAWL_AUTH=off): every request is the default team']);
  }
  rows.push(['storage', config.databaseUrl ? `PostgreSQL ${withoutPassword(config.databaseUrl)}` : `SQLite in ${config.dataDir}`]);
  rows.push(['queue', config.redisUrl ? `Redis ${withoutPassword(config.redisUrl)} (prefix ${config.redisPrefix})` : 'in this process']);
  rows.push([
    'LLM',
    config.llm.baseUrl ? `${config.llm.model} at ${config.llm.baseUrl}` : 'offline engine (set TRAWL_LLM_BASE_URL for a model: docs/llm.md)',
  ]);
  rows.push([
    'search',
    config.searchProviders
      .map((p) => (p === 'searxng' ? `SearXNG at ${config.searxngUrl}` : 'local index (pages this server fetched; TRAWL_SEARXNG_URL adds the web)'))
      .join(', '),
  ]);
  rows.push(['Chromium', chromium()]);
  return { headline, rows };
}

/** The banner as a person reads it on a terminal. */
export function bannerText(facts: StartupFacts): string {
  return [facts.headline, ...facts.rows.map(([label, value]) => `  ${label.padEnd(10)} ${value}`)].join('\n') + '\n';
}
