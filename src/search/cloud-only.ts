import { TrawlError } from '../errors/trawl-error.js';
import type { Guard, RequestContext } from '../http/route.js';

/**
 * Firecrawl's answer to a team whose plan lacks a data product. Clients know
 * it: firecrawl-mcp's default search asks for `alexandria` and, on exactly this
 * answer, searches again for web results only.
 */
export const cloudOnly = () => new TrawlError('FORBIDDEN', 'This endpoint is not enabled for this team.');

/** Search sources that are Firecrawl's own catalogues, not the web. */
const CATALOGUE_SOURCES = new Set(['alexandria', 'exchange']);

const sourceName = (source: unknown) =>
  typeof source === 'string' ? source : typeof source === 'object' && source !== null ? (source as { type?: unknown }).type : undefined;

function asksForCloudOnly({ route, req }: RequestContext): boolean {
  const body = req.body;
  if (typeof body !== 'object' || body === null) return false;
  if (route.operationId === 'scrape') return 'alexandria' in body;
  if (route.operationId === 'search') {
    const { sources } = body as { sources?: unknown };
    return Array.isArray(sources) && sources.some((s) => CATALOGUE_SOURCES.has(sourceName(s) as string));
  }
  return false;
}

/**
 * Runs before validation: a request for a cloud-only product gets the 403 a
 * team without it gets from Firecrawl, not a 400 for names Trawl's schemas
 * do not carry, so the client's own fallback starts.
 */
export function cloudOnlyGuard(): Guard {
  return {
    name: 'cloud-only',
    stage: 'pre',
    async run(ctx) {
      if (asksForCloudOnly(ctx)) throw cloudOnly();
    },
  };
}
