import { ConnectionError, errorFromResponse, TrawlError } from './errors.js';
import { VERSION } from './version.js';

export interface ClientOptions {
  /** Base URL of the Trawl server. Default: env TRAWL_API_URL, else http://localhost:3002. */
  apiUrl?: string;
  /** API key sent as `Authorization: Bearer …`. Default: env TRAWL_API_KEY; none when the server runs without auth. */
  apiKey?: string;
  /** Per-request time limit in ms (default 300 000). Scrape, search, map and parse add their own `timeout` to it. */
  timeoutMs?: number;
  /** Retries of a request answered 429, 502 or 503 (default 3). */
  maxRetries?: number;
  /** First back-off delay in ms, doubled on each retry (default 500). */
  backoffMs?: number;
  /** A 429 whose Retry-After asks for longer than this (ms, default 60 000) is thrown at once instead of waited for. */
  maxRetryDelayMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: Record<string, unknown>;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const RETRIED = new Set([429, 502, 503]);

function env(name: string): string | undefined {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env?.[name] || undefined;
}

/**
 * The one place requests are made: auth header, JSON in and out, the
 * retry policy, and turning every non-200 answer into a typed error.
 */
export class HttpClient {
  readonly apiUrl: string;
  readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: ClientOptions = {}) {
    const apiUrl = (opts.apiUrl ?? env('TRAWL_API_URL') ?? 'http://localhost:3002').replace(/\/+$/, '');
    // "localhost:3002" is what people type; as a URL it would have the scheme "localhost:".
    this.apiUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(apiUrl) ? apiUrl : `http://${apiUrl}`;
    this.apiKey = opts.apiKey ?? env('TRAWL_API_KEY');
    this.timeoutMs = opts.timeoutMs ?? 300_000;
    this.maxRetries = opts.maxRetries ?? 3;
    this.backoffMs = opts.backoffMs ?? 500;
    this.maxRetryDelayMs = opts.maxRetryDelayMs ?? 60_000;
    this.fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** `pathOrUrl` is a path under the API URL, or an absolute URL (a `next` link, followed verbatim). */
  async request<T = any>(method: string, pathOrUrl: string, opts: RequestOptions = {}): Promise<T> {
    const url = new URL(/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : this.apiUrl + pathOrUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let body: string | FormData | undefined;
    if (opts.form) {
      body = opts.form;
    } else if (opts.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ origin: `trawl-js@${VERSION}`, ...opts.body });
    }
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw connectionError(err, url, timeoutMs);
      }
      const text = await res.text().catch(() => '');
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON (a proxy's HTML page, say): kept as text for the error.
      }
      if (res.status === 200) {
        if (parsed === undefined || typeof parsed !== 'object') {
          throw new TrawlError(`Expected JSON from ${method} ${url.pathname}, got ${text ? `"${text.slice(0, 100)}"` : 'an empty body'}`, { status: 200, details: text });
        }
        return parsed as T;
      }
      const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
      const error = errorFromResponse(res.status, parsed, retryAfter);
      if (!RETRIED.has(res.status) || attempt >= this.maxRetries) throw error;
      const delay = retryAfter !== undefined ? retryAfter * 1000 : this.backoffMs * 2 ** attempt;
      if (delay > this.maxRetryDelayMs) throw error;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function connectionError(err: unknown, url: URL, timeoutMs: number): ConnectionError {
  const e = err as { name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return new ConnectionError(`No answer from ${url.origin} within ${timeoutMs / 1000} s`, { cause: err });
  const why = e?.cause?.code ?? e?.cause?.message ?? (err instanceof Error ? err.message : String(err));
  return new ConnectionError(`Cannot reach Trawl at ${url.origin} (${why})`, { cause: err });
}
