import type { Page, Request, Response } from 'playwright-core';
import { EgressError } from '../egress/index.js';
import { REMOVE_COOKIE_BANNERS_SCRIPT } from './ad-block.js';
import { runActions } from './actions.js';
import type { Deadline } from './deadline.js';
import { EGRESS_ERROR_HEADER, type EgressProxy } from './egress-proxy.js';
import { BrowserError } from './errors.js';
import { takeScreenshot } from './screenshot.js';
import type { Tab } from './tab.js';
import type { ActionResults, RenderRequest, RenderResult } from './types.js';

/**
 * After DOMContentLoaded, how long to wait for the `load` event before going on without
 * it: one slow ad or image must not cost the scrape, which has what it needs by then.
 */
const LOAD_GRACE_MS = 10_000;

/** What one render captured; the engine adds its own timings to make the RenderResult. */
export type PageCapture = Omit<RenderResult, 'timings'>;

function defaultPort(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

function withUrl(error: EgressError, url: string): EgressError {
  // The proxy's record is shared by every render that hit the address: copy it, don't stamp it.
  return new EgressError(error.code, error.message, {
    url,
    address: error.address,
    reason: error.reason,
    stage: error.stage,
    cause: error.cause,
  });
}

/** The egress failure behind a refused main document, or undefined if the proxy saw none. */
function egressFailure(proxy: EgressProxy, url: string): EgressError | undefined {
  const parsed = new URL(url);
  const failure = proxy.failureFor(parsed.hostname, defaultPort(parsed));
  return failure ? withUrl(failure, url) : undefined;
}

function navigationError(err: unknown, url: string, proxy: EgressProxy): Error {
  const message = (err as Error)?.message ?? String(err);
  const netError = /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1];
  if (netError === 'ERR_TUNNEL_CONNECTION_FAILED') {
    const failure = egressFailure(proxy, url);
    if (failure) return failure;
  }
  return new BrowserError('BROWSER_NAVIGATION', `could not load ${url}: ${netError ?? message.split('\n')[0]}`, {
    url,
    ...(netError ? { netError } : {}),
    cause: err,
  });
}

/**
 * Pages that build themselves with scripts often do it just after `load`
 * (timers, fetches). Waiting until the DOM has been still for a moment catches
 * them without a fixed delay on every page; the cap keeps busy pages (tickers,
 * animations) from holding a render up.
 */
const QUIET_MS = 250;
const QUIET_CAP_MS = 2_000;

/** An expression that resolves once the DOM has been still for QUIET_MS, at most `capMs` after it starts. */
function quietDom(capMs: number): string {
  return `new Promise((resolve) => {
    // Called after load: without scripts (or frames that could hold some) nothing is left to change the DOM.
    if (!document.querySelector('script, iframe, frame, object, embed')) return resolve();
    let timer = setTimeout(done, ${QUIET_MS});
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ${QUIET_MS}); });
    const cap = setTimeout(done, ${capMs});
    function done() { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); }
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })`;
}

/** The document as page.content() serialises it, after taking the cookie banners out if asked. */
function captureHtml(blockAds: boolean): string {
  return `(() => {
    ${blockAds ? `${REMOVE_COOKIE_BANNERS_SCRIPT};` : ''}
    let html = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
    if (document.documentElement) html += document.documentElement.outerHTML;
    return html;
  })()`;
}

async function waitForQuietDom(tab: Tab, deadline: Deadline): Promise<void> {
  await tab.evaluateIsolated(quietDom(Math.min(QUIET_CAP_MS, deadline.remaining()))).catch(() => {
    // A navigation during the wait destroys the document: the new page is captured as it is.
  });
}

/**
 * The settled page's HTML: waits for a quiet DOM first unless `settled`, then removes the
 * banners and serialises, all in one round trip. If a navigation cuts in, the new page is
 * captured once it has a document, as it is.
 */
async function captureDocument(tab: Tab, settled: boolean, blockAds: boolean, deadline: Deadline): Promise<string> {
  const html = settled ? captureHtml(blockAds) : `${quietDom(Math.min(QUIET_CAP_MS, deadline.remaining()))}.then(() => ${captureHtml(blockAds)})`;
  try {
    return await tab.evaluateIsolated<string>(html);
  } catch {
    // Playwright's calls wait for the new document's context.
    if (blockAds) await tab.page.evaluate(REMOVE_COOKIE_BANNERS_SCRIPT);
    return tab.page.content();
  }
}

async function waitForLoad(page: Page, deadline: Deadline): Promise<void> {
  try {
    await page.waitForLoadState('load', { timeout: Math.min(LOAD_GRACE_MS, deadline.remaining()) });
  } catch (err) {
    // By name: importing playwright-core's errors would load it (tens of MB) with this module.
    if ((err as Error)?.name !== 'TimeoutError') throw err;
  }
}

/**
 * One render on a fresh or freshly reset page: navigate, settle, run the actions, capture. The caller owns
 * the page's context and the overall deadline race; this only passes each step what is
 * left of the budget.
 */
export async function renderPage(
  tab: Tab,
  request: RenderRequest,
  deadline: Deadline,
  proxy: EgressProxy,
): Promise<PageCapture> {
  const page = tab.page;
  const seen = { lastNavigationUrl: request.url, lastDocument: undefined as Response | undefined };
  // frame() throws for service-worker requests, never for navigations, hence the order.
  const onRequest = (req: Request): void => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) seen.lastNavigationUrl = req.url();
  };
  const onResponse = (res: Response): void => {
    if (res.request().isNavigationRequest() && res.frame() === page.mainFrame()) seen.lastDocument = res;
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    return await render(tab, request, deadline, proxy, seen);
  } finally {
    // The page may serve later renders.
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}

async function render(
  tab: Tab,
  request: RenderRequest,
  deadline: Deadline,
  proxy: EgressProxy,
  seen: { lastNavigationUrl: string; lastDocument: Response | undefined },
): Promise<PageCapture> {
  const page = tab.page;
  let response: Response | null;
  try {
    response = await page.goto(request.url, { waitUntil: 'domcontentloaded', timeout: deadline.remaining() });
  } catch (err) {
    throw navigationError(err, seen.lastNavigationUrl, proxy);
  }
  if (response?.headers()[EGRESS_ERROR_HEADER]) {
    throw (
      egressFailure(proxy, response.url()) ??
      new EgressError('EGRESS_NETWORK', `the egress proxy refused ${response.url()}`, { url: response.url() })
    );
  }
  await waitForLoad(page, deadline);
  const actions: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  const warnings: string[] = [];
  // A page with nothing to do before the capture settles in the capture's own round trip.
  const settleFirst = Boolean(request.waitFor || request.actions?.length);
  if (settleFirst) {
    await waitForQuietDom(tab, deadline);
    if (request.waitFor) await page.waitForTimeout(Math.min(request.waitFor, deadline.remaining()));
    if (request.actions?.length) {
      await runActions(request.actions, { page, deadline, results: actions, warnings });
      // A click may have started a navigation that has not committed yet; capture the new page.
      await page.waitForLoadState('domcontentloaded', { timeout: deadline.remaining() });
    }
  }

  const document = seen.lastDocument ?? response;
  const [headers, html] = await Promise.all([
    document ? document.allHeaders() : ({} as Record<string, string>),
    captureDocument(tab, settleFirst, request.blockAds !== false, deadline),
  ]);
  const capture: PageCapture = {
    url: page.url(),
    status: document?.status() ?? 0,
    headers,
    contentType: headers['content-type'],
    html,
    actions,
    warnings,
  };
  if (request.screenshot) {
    const shot = await takeScreenshot(page, request.screenshot, deadline.remaining());
    capture.screenshot = shot.capture;
    if (shot.warning) warnings.push(shot.warning);
  }
  return capture;
}
