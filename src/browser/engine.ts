import { EgressError, type AddressPolicyOptions, type Resolver } from '../egress/index.js';
import { Deadline } from './deadline.js';
import { startEgressProxy, type EgressProxy } from './egress-proxy.js';
import { contextOptionsFor, localeFor } from './emulation.js';
import { BrowserError, isBrowserError } from './errors.js';
import { renderPage } from './render-page.js';
import { PageSlots } from './page-slots.js';
import { BrowserPool } from './pool.js';
import { splitCallerHeaders } from './request-rules.js';
import type { Tab } from './tab.js';
import type { RenderRequest, RenderResult } from './types.js';

export interface BrowserEngineOptions extends AddressPolicyOptions {
  /** Pages open at once; further renders queue. Default 2 (the browser is CPU-bound). */
  maxPages?: number;
  /** Default: TRAWL_CHROMIUM_PATH, then the usual install locations (see chromium.ts). */
  executablePath?: string;
  /** Default UA; otherwise Chrome's own, without the "Headless" marker sites block on. */
  userAgent?: string;
  /** Resolver for the egress proxy; the system's by default. */
  resolve?: Resolver;
  connectTimeoutMs?: number;
  /** Appended to the launch flags. */
  extraArgs?: string[];
  /** How long close() lets running renders finish before closing the browser. Default 5 s. */
  closeGraceMs?: number;
  /**
   * Tabs kept between renders and reset for the next (BrowserPool); default `maxPages`, so
   * that every page slot has one. 0: a new context and page for every render.
   */
  warmPages?: number;
}

export interface BrowserEngineStats {
  /** Chromium launches so far, restarts included. */
  launches: number;
  activePages: number;
  queued: number;
  /** Renders served by a tab kept from an earlier render. */
  warmHits: number;
}

export interface BrowserEngine {
  render(request: RenderRequest): Promise<RenderResult>;
  stats(): BrowserEngineStats;
  close(): Promise<void>;
}

interface Running {
  proxy: EgressProxy;
  pool: BrowserPool;
}

const DEFAULT_TIMEOUT_MS = 60_000;
// A tab that is neither reset nor closed in this long means a wedged browser, which is then replaced.
const TAB_RELEASE_MS = 5_000;

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (err) {
    throw new EgressError('EGRESS_BAD_URL', `invalid URL: ${raw}`, { url: raw, cause: err });
  }
  // file:, data:, chrome: and friends would reach the host or the browser itself.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressError('EGRESS_BAD_SCHEME', `unsupported scheme ${url.protocol} in ${url.href}`, { url: url.href });
  }
  return url;
}

function settleWithin<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/**
 * The browser engine: one Chromium per process behind an egress-checking proxy, a context
 * of its own per render (new, or kept and reset: see BrowserPool), at most `maxPages`
 * pages at once. Creating it starts nothing; the first render starts the proxy and the
 * browser, so a server without Chromium runs fine until a request needs it.
 */
export function createBrowserEngine(options: BrowserEngineOptions = {}): BrowserEngine {
  const slots = new PageSlots(options.maxPages ?? 2);
  const closeGraceMs = options.closeGraceMs ?? 5_000;
  let started: Promise<Running> | undefined;
  let running: Running | undefined;
  let closing: Promise<void> | undefined;
  // One relay per operator proxy, reused by every render that goes through it.
  const chained = new Map<string, Promise<EgressProxy>>();

  const startProxy = (upstreamProxy?: string): Promise<EgressProxy> =>
    startEgressProxy({
      allowPrivateNetwork: options.allowPrivateNetwork,
      hostOverrides: options.hostOverrides,
      allowedCidrs: options.allowedCidrs,
      resolve: options.resolve,
      connectTimeoutMs: options.connectTimeoutMs,
      ...(upstreamProxy !== undefined && { upstreamProxy }),
    });

  function chainedProxy(upstreamProxy: string): Promise<EgressProxy> {
    let found = chained.get(upstreamProxy);
    if (!found) {
      found = startProxy(upstreamProxy);
      chained.set(upstreamProxy, found);
      found.catch(() => chained.delete(upstreamProxy));
    }
    return found;
  }

  function start(): Promise<Running> {
    started ??= startProxy().then((proxy) => {
      running = {
        proxy,
        pool: new BrowserPool({
          proxyServer: proxy.url,
          executablePath: options.executablePath,
          extraArgs: options.extraArgs,
          userAgent: options.userAgent,
          warmPages: options.warmPages ?? slots.size,
        }),
      };
      return running;
    });
    started.catch(() => {
      started = undefined;
    });
    return started;
  }

  /** Resets the tab for reuse or closes it; one that does neither in time means a wedged browser. */
  async function releaseTab(pool: BrowserPool, tab: Tab, reuse: boolean): Promise<void> {
    if (!(await settleWithin(pool.release(tab, reuse), TAB_RELEASE_MS))) await pool.discard(tab.browser);
  }

  async function render(request: RenderRequest): Promise<RenderResult> {
    const startedAt = Date.now();
    const deadline = new Deadline(request.timeout ?? DEFAULT_TIMEOUT_MS);
    const url = checkUrl(request.url);
    if (closing) throw new BrowserError('BROWSER_CLOSED', 'the browser engine is closed');

    const timedOut = new BrowserError('BROWSER_TIMEOUT', `rendering ${url.href} took longer than ${deadline.budgetMs} ms`, {
      url: url.href,
    });
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(timedOut), deadline.remaining());
    const onCallerAbort = (): void =>
      stop.abort(new BrowserError('BROWSER_ABORTED', 'render aborted by the caller', { url: url.href, cause: request.signal?.reason }));
    if (request.signal?.aborted) onCallerAbort();
    else request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const stopped = new Promise<never>((_, reject) => {
      stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
    });
    stopped.catch(() => undefined);

    let release: (() => void) | undefined;
    try {
      release = await slots.acquire(stop.signal);
      const queuedMs = Date.now() - startedAt;
      const { proxy: direct, pool } = await Promise.race([start(), stopped]);
      // Chromium's launch-wide proxy is the direct relay; a chained render overrides it
      // for its own context only.
      const proxy = request.upstreamProxy ? await Promise.race([chainedProxy(request.upstreamProxy), stopped]) : direct;
      const headers = splitCallerHeaders(request.headers);
      const locale = localeFor(request.location);
      const acceptLanguage = headers.everywhere['accept-language'] ?? locale.acceptLanguage;
      const skipTlsVerification = request.skipTlsVerification ?? true;
      const blockAds = request.blockAds ?? true;
      const opening = pool.openTab((browser) => ({
        ...contextOptionsFor({
          mobile: request.mobile,
          locale,
          userAgent: headers.userAgent,
          extraHeaders: { ...headers.everywhere, 'accept-language': acceptLanguage },
          skipTlsVerification,
          chromeVersion: browser.version(),
          defaultUserAgent: options.userAgent,
        }),
        ...(proxy !== direct && { proxy: { server: proxy.url } }),
      }), blockAds);
      // A page that opens after the deadline still has to be closed.
      opening.then(
        (tab) => {
          if (stop.signal.aborted) void releaseTab(pool, tab, false);
        },
        () => undefined,
      );
      const tab = await Promise.race([opening, stopped]);
      // Credentials in the URL go to Chromium's HTTP auth cache, which a reset cannot clear.
      if (url.username || url.password) tab.taint();
      let rendered = false;
      try {
        await tab.rules.apply({
          targetUrl: url.href,
          headers,
          navigationAcceptLanguage: acceptLanguage === locale.locale ? undefined : acceptLanguage,
          blockAds,
        });
        const session = renderPage(tab, { ...request, url: url.href }, deadline, proxy);
        session.catch(() => undefined);
        const capture = await Promise.race([session, stopped]);
        rendered = true;
        return { ...capture, timings: { queuedMs, totalMs: Date.now() - startedAt } };
      } catch (err) {
        if (stop.signal.aborted) throw stop.signal.reason;
        if (!tab.browser.isConnected()) {
          throw new BrowserError('BROWSER_CRASHED', `Chromium exited while rendering ${url.href}`, { url: url.href, cause: err });
        }
        throw err;
      } finally {
        // Only a tab whose render ended cleanly is kept: one cut short may still be busy.
        const closed = releaseTab(pool, tab, rendered && !stop.signal.aborted);
        if (stop.signal.aborted) {
          // Answer the timeout now; the slot frees once the page is really gone.
          const handOver = release;
          release = undefined;
          void closed.then(() => handOver?.());
        } else {
          await closed;
        }
      }
    } catch (err) {
      if (stop.signal.aborted) throw stop.signal.reason;
      if (isBrowserError(err) || err instanceof EgressError) throw err;
      throw new BrowserError('BROWSER_FAILED', `rendering ${url.href} failed: ${(err as Error)?.message ?? String(err)}`, {
        url: url.href,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
      release?.();
    }
  }

  return {
    render,
    stats() {
      return { launches: running?.pool.launches ?? 0, activePages: slots.inUse, queued: slots.queued, warmHits: running?.pool.warmHits ?? 0 };
    },
    close() {
      closing ??= (async () => {
        running?.pool.stopWarming();
        const drained = slots.close(new BrowserError('BROWSER_CLOSED', 'the browser engine is closed'));
        await settleWithin(drained, closeGraceMs);
        const live = await started?.catch(() => undefined);
        await live?.pool.close();
        await live?.proxy.close();
        const relays = await Promise.all([...chained.values()].map((p) => p.catch(() => undefined)));
        await Promise.all(relays.map((relay) => relay?.close()));
      })();
      return closing;
    },
  };
}
