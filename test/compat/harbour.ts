import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Site, startSite } from '../fixtures/site.js';

/** The repository root: the published clients run from its node_modules. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const page = (title: string, body: string, hrefs: string[] = []) => ({
  html:
    `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} page"></head>` +
    `<body><main><h1>${title}</h1><p>${body}</p><ul>${hrefs.map((h) => `<li><a href="${h}">${h}</a></li>`).join('')}</ul></main></body></html>`,
});

/**
 * The harbour site every client of the compatibility suite is pointed at (the same pages as
 * the Python suite's docs_site): four linked pages with words no other page has, so a client's
 * result shows which page it came from.
 */
export function startHarbour(): Promise<Site> {
  return startSite({
    '/': page('Harbour home', 'Welcome to the harbour of Trawl tests.', ['/boats', '/nets', '/fish']),
    '/boats': page('Boats', 'Trawlers and dinghies moored in the harbour.', ['/', '/nets']),
    '/nets': page('Nets', 'Gillnets and seines mended by hand.', ['/', '/fish']),
    '/fish': page('Fish', 'Mackerel, herring and the occasional cuttlefish.', ['/']),
    '/robots.txt': { text: 'User-agent: *\nAllow: /\n' },
  });
}

const GUARD = new URL('./loopback-only.mjs', import.meta.url).href;
const OUTBOUND_LOG = 'outbound-connections.log';

/**
 * Environment for a client run as a child process: its API URL and key point at Trawl, and
 * everything that would reach the internet is off (the CLI's npm update check and login
 * telemetry; a HOME of its own so no stored credentials or config of the machine leak in).
 * loopback-only.mjs is preloaded to refuse, and record in `home`, any connection elsewhere.
 */
export function clientEnv(apiUrl: string, apiKey: string, home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    FIRECRAWL_API_URL: apiUrl,
    FIRECRAWL_API_KEY: apiKey,
    FIRECRAWL_NO_UPDATE_CHECK: '1',
    FIRECRAWL_NO_TELEMETRY: '1',
    NO_COLOR: '1',
    NODE_OPTIONS: `--import ${GUARD}`,
    TRAWL_COMPAT_OUTBOUND_LOG: path.join(home, OUTBOUND_LOG),
  };
}

/** The `host:port` of every connection a client run with clientEnv(…, home) tried beyond 127.0.0.1. */
export function outboundConnections(home: string): string[] {
  const file = path.join(home, OUTBOUND_LOG);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}
