import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { ContextRules } from './request-rules.js';

/**
 * A page in a context of its own, which can serve render after render: opening a context
 * and a page costs Chromium about four times the CPU of a simple render (a new renderer
 * process, a new network context), so a tab is reset and kept rather than closed.
 *
 * The reset must leave nothing that one render's page could read in the next: it
 * navigates to about:blank (ending the page's scripts and workers), then clears cookies,
 * permissions, the HTTP cache, the history, `window.name`, and every kind of storage
 * (local, session, IndexedDB, Cache Storage, service workers, file systems) of every
 * origin the tab loaded anything from. What it cannot clear (the HTTP auth cache) is
 * kept out instead: a tab that met an authentication challenge, or was asked for a URL
 * with credentials in it, is closed rather than reused (see `taint`).
 */
export class Tab {
  readonly origins = new Set<string>();
  /** Renders this tab has served. */
  uses = 0;
  /** The request rules of the render it serves. */
  readonly rules: ContextRules;
  private tainted: boolean;
  private cdp: Promise<CDPSession> | undefined;
  private mainFrameId: Promise<string> | undefined;

  private constructor(
    readonly key: string,
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    keep: boolean,
  ) {
    this.rules = new ContextRules(context);
    this.tainted = !keep;
    // A tab that will not be kept needs none of the watching below, which costs every request a message.
    if (!keep) return;
    // Every document, frame and worker of the page is loaded by a request, so this sees
    // each origin that could have stored something.
    context.on('request', (request) => this.see(request.url()));
    context.on('response', (response) => {
      const status = response.status();
      if (status === 401 || status === 407) this.tainted = true;
    });
  }

  /** `keep`: the tab may be reset and reused; otherwise it serves one render. */
  static async open(browser: Browser, key: string, context: BrowserContext, keep: boolean): Promise<Tab> {
    return new Tab(key, browser, context, await context.newPage(), keep);
  }

  /** Keeps this tab from being reused: its state may hold something reset() cannot clear. */
  taint(): void {
    this.tainted = true;
  }

  /** Whether the tab is fit to serve another render once reset. */
  get reusable(): boolean {
    return !this.tainted && this.browser.isConnected() && !this.page.isClosed() && this.context.pages().length === 1;
  }

  private see(url: string): void {
    try {
      const origin = new URL(url).origin;
      if (origin !== 'null') this.origins.add(origin);
    } catch {
      // Not a URL with an origin (about:, data:): nothing stored under it.
    }
  }

  private session(): Promise<CDPSession> {
    this.cdp ??= this.context.newCDPSession(this.page);
    return this.cdp;
  }

  /**
   * Evaluates `expression` (a promise is awaited) in the current document in a world of
   * Trawl's own, and returns its value. Page scripts cannot reach or replace what runs
   * there (document, MutationObserver, XMLSerializer), and it costs two round trips where
   * Playwright's evaluate first installs its helper scripts in every new document (for
   * page.content(), some 30 ms of the renderer's time on a simple page: about a tenth of a render).
   * Throws if the document goes away meanwhile (a navigation).
   */
  async evaluateIsolated<T>(expression: string): Promise<T> {
    const cdp = await this.session();
    this.mainFrameId ??= cdp.send('Page.getFrameTree').then((tree) => tree.frameTree.frame.id);
    const frameId = await this.mainFrameId;
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId, worldName: 'trawl' });
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`script failed in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  }

  /** Clears everything the last render left; throws if it could not, and the tab must then be closed. */
  async reset(): Promise<void> {
    this.rules.clear();
    await this.page.goto('about:blank');
    const cdp = await this.session();
    const origins = [...this.origins];
    this.origins.clear();
    await Promise.all([
      this.context.clearCookies(),
      this.context.clearPermissions(),
      ...origins.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
      cdp.send('Network.clearBrowserCache'),
      cdp.send('Page.resetNavigationHistory'),
      // In the blank document's own world (window.name belongs to it); raw CDP, as evaluateIsolated.
      cdp.send('Runtime.evaluate', { expression: "window.name = ''" }),
    ]);
    if (!this.reusable) throw new Error('the tab cannot be reused');
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
