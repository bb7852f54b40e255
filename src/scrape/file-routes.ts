import { z } from 'zod';
import { ARTIFACT_EXTENSIONS } from './artifacts.js';
import { TrawlError } from '../errors/trawl-error.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { Store } from '../store/store.js';

/** Screenshots, PDFs, audio and video of scrapes, by their unguessable names (see src/scrape/artifacts.ts). */
export function fileRoutes(deps: { store: Store }): RouteSpec[] {
  return defineRoutes({
    method: 'GET',
    url: '/files/:name',
    operationId: 'getFile',
    summary: 'A screenshot, PDF, audio or video file produced by a scrape',
    tag: 'Files',
    rateClass: 'none',
    auth: false,
    params: z.object({ name: z.string().regex(new RegExp(`^[0-9a-f-]{36}\\.(${ARTIFACT_EXTENSIONS.join('|')})$`)) }),
    handler: async (ctx) => {
      const file = await deps.store.artifacts.get(ctx.params.name);
      if (!file || Date.parse(file.expiresAt) <= Date.now()) throw new TrawlError('RESOURCE_NOT_FOUND', 'File not found or expired');
      return ctx.reply.type(file.mimeType).header('cache-control', 'private, max-age=3600').send(file.data);
    },
  });
}
