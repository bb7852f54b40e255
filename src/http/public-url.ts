import type { FastifyRequest } from 'fastify';

/**
 * The origin callers reach this server at, for absolute `next` and job URLs
 * (§1.14.1). A configured public URL wins over what proxies report.
 */
export function publicBaseUrl(req: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(req.headers['x-forwarded-proto']) || req.protocol;
  const host = first(req.headers['x-forwarded-host']) || req.headers.host || `${req.hostname}`;
  return `${proto}://${host}`;
}
