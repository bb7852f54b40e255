import { z } from 'zod';
import { ARTIFACT_EXTENSIONS } from '../../scrape/artifacts.js';
import { TrawlError } from '../../errors/trawl-error.js';
import { defineRoutes } from '../route.js';

/** Screenshots, PDFs, audio and video of scrapes, by their unguessable names (see src/scrape/artifacts.ts). */
export const fileRoutes = defineRoutes({
  method: 'GET',
  url: '/files/:name',
  operationId: 'getFile',
  summary: 'A screenshot, PDF, audio or video file produced by a scrape',
  tag: 'Files',
  rateClass: 'none',
  auth: false,
  params: z.object({ name: z.string().regex(new RegExp(`^[0-9a-f-]{36}\\.(${ARTIFACT_EXTENSIONS.join('|')})$`)) }),
  handler: async (ctx) => {
    const file = await ctx.deps.store.artifacts.get(ctx.params.name);
    if (!file || Date.parse(file.expiresAt) <= Date.now()) throw new TrawlError('RESOURCE_NOT_FOUND', 'File not found or expired');
    return ctx.reply.type(file.mimeType).header('cache-control', 'private, max-age=3600').send(file.data);
  },
});
