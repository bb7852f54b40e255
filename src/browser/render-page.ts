import type { Page, Request, Response } from 'playwright-core';
import { EgressError } from '../egress/index.js';
import { REMOVE_COOKIE_BANNERS_SCRIPT } from './ad-block.js';
import { runActions } from './actions.js';
import type { Deadline } from './deadline.js';
import { EGRESS_ERROR_HEADER, type EgressProxy } from './egress-proxy.js';
import { BrowserError } from './errors.js';
import { takeScreenshot } from './screenshot.js';
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

async function waitForQuietDom(page: Page, deadline: Deadline): Promise<void> {
  const cap = Math.min(QUIET_CAP_MS, deadline.remaining());
  // A string, not a function: this code runs in the page, whose DOM types the server does not compile against.
  await page
    .evaluate(`new Promise((resolve) => {
      // Called after load: without scripts (or frames that could hold some) nothing is left to change the DOM.
      if (!document.querySelector('script, iframe, frame, object, embed')) return resolve();
      let timer = setTimeout(done, ${QUIET_MS});
      const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ${QUIET_MS}); });
      const cap = setTimeout(done, ${cap});
      function done() { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); }
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    })`)
    .catch(() => {
      // A navigation during the wait destroys the context: the new page is captured as it is.
    });
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
  page: Page,
  request: RenderRequest,
  deadline: Deadline,
  proxy: EgressProxy,
): Promise<PageCapture> {
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
    return await render(page, request, deadline, proxy, seen);
  } finally {
    // The page may serve later renders.
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}

async function render(
  page: Page,
  request: RenderRequest,
  deadline: Deadline,
  proxy: EgressProxy,
  seen: { lastNavigationUrl: string; lastDocument: Response | undefined },
): Promise<PageCapture> {
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
  await waitForQuietDom(page, deadline);
  if (request.waitFor) await page.waitForTimeout(Math.min(request.waitFor, deadline.remaining()));

  const actions: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  const warnings: string[] = [];
  if (request.actions?.length) {
    await runActions(request.actions, { page, deadline, results: actions, warnings });
    // A click may have started a navigation that has not committed yet; capture the new page.
    await page.waitForLoadState('domcontentloaded', { timeout: deadline.remaining() });
  }

  if (request.blockAds !== false) await page.evaluate(REMOVE_COOKIE_BANNERS_SCRIPT);
  const document = seen.lastDocument ?? response;
  // Both are round trips to the browser, which answers them side by side.
  const [headers, html] = await Promise.all([document ? document.allHeaders() : ({} as Record<string, string>), page.content()]);
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
