import type { Egress } from '../../egress/index.js';
import type { FetchedPage } from './page.js';

export interface HttpFetch {
  url: string;
  headers: Record<string, string>;
  skipTlsVerification: boolean;
  timeoutMs: number;
  /** Operator's forward proxy URL; direct when absent. */
  proxy?: string;
  signal: AbortSignal;
}

/** Largest body a scrape reads: big PDFs fit, a runaway stream does not. */
const MAX_BODY_BYTES = 100 * 1024 * 1024;

/** The cheap engine: one guarded HTTP request, redirects followed by the egress layer. */
export async function fetchOverHttp(egress: Egress, req: HttpFetch): Promise<FetchedPage> {
  const res = await egress.fetch(req.url, {
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      ...req.headers,
    },
    skipTlsVerification: req.skipTlsVerification,
    timeoutMs: req.timeoutMs,
    maxBytes: MAX_BODY_BYTES,
    ...(req.proxy && { proxy: req.proxy }),
    signal: req.signal,
  });
  return {
    engine: 'http',
    url: res.url,
    status: res.status,
    headers: res.headers,
    contentType: res.headers['content-type'],
    body: res.body,
    warnings: [],
  };
}
