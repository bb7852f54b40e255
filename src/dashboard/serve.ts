import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build:web` writes the dashboard (web/vite.config.ts). */
export const DASHBOARD_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Scraped pages are shown in the dashboard: even if some markup slipped past
 * the renderer, no script but the bundle's may run and nothing is sent
 * anywhere but this server. Images and live views may come from anywhere.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  'frame-src http: https:',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const NOT_BUILT = `<!doctype html>
<meta charset="utf-8"><title>Trawl</title>
<h1>Trawl is running</h1>
<p>The API answers under <code>/v2</code>. The dashboard has not been built:
run <code>npm run build:web</code> (npm ci does it too) and reload this page.</p>
`;

/**
 * The dashboard at `/`, its bundle under `/assets/`. The app routes with the
 * URL's hash, so no other path needs the index. File names under /assets/
 * carry a content hash, so they are cached for good; the index is revalidated
 * every time, so a rebuilt dashboard is picked up on the next load.
 */
export function registerDashboard(app: FastifyInstance, dist: string = DASHBOARD_DIST): void {
  const send = async (reply: FastifyReply, file: string, cache: string) => {
    const body = await fs.readFile(file);
    return reply
      .type(TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  };

  app.get('/', async (_req, reply) => {
    try {
      reply.header('content-security-policy', CSP);
      return await send(reply, path.join(dist, 'index.html'), 'no-cache');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
  });

  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const assets = path.join(dist, 'assets');
    const file = path.resolve(assets, req.params['*']);
    // Nothing outside the bundle's folder, whatever the path's dots and escapes say.
    if (!file.startsWith(assets + path.sep)) return reply.callNotFound();
    try {
      return await send(reply, file, 'public, max-age=31536000, immutable');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return reply.callNotFound();
      throw err;
    }
  });
}
