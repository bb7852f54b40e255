import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { findChromium } from './chromium.js';
import { BrowserError } from './errors.js';

/**
 * Measured on the target machine (docs: dependencies §1). `--single-process` is left out
 * because Chromium will not start with it; `--user-data-dir` because Playwright refuses
 * it for launch() and makes a fresh temporary profile itself. Browser sessions (src/browser-sessions)
 * launch with the same flags.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebRTC may otherwise send UDP straight to any address, around the egress proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface BrowserPoolOptions {
  /** Every request the browser makes goes here, loopback included. */
  proxyServer: string;
  /** Default: findChromium(), looked up at each launch so installing Chromium needs no restart. */
  executablePath?: string;
  extraArgs?: readonly string[];
  /**
   * Pages kept open ahead, each in a fresh context of its own, for the next renders
   * with the same context options. Default 2; 0 opens every page on demand.
   */
  warmPages?: number;
}

const LAUNCH_TIMEOUT_MS = 30_000;

export interface OpenedPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

interface WarmPage {
  key: string;
  browser: Browser;
  opened: Promise<OpenedPage>;
}

/**
 * One Chromium per process, started on first use and started again on the next use after
 * it dies. Each render gets its own context, so cookies and storage never cross requests.
 *
 * Opening a page starts a renderer process, the bulk of a simple render's cost (a second
 * on a busy 2-core machine, against a few hundred ms for the navigation). So pages are
 * opened ahead, each in a fresh context with the options the last renders used: the next
 * render with those options takes one and a new one is opened while it runs, during its
 * waits for the network and the page to settle. A warm page is never reused: it serves
 * one render and is closed with its context, so nothing (cookies, storage, service
 * workers, permissions, history) crosses from one scrape to the next.
 */
export class BrowserPool {
  private launching: Promise<Browser> | undefined;
  private current: Browser | undefined;
  private closed = false;
  private launchCount = 0;
  private warm: WarmPage[] = [];
  private warmServed = 0;
  private cooling = false;

  constructor(private readonly options: BrowserPoolOptions) {}

  /** Renders that took a page opened ahead. */
  get warmHits(): number {
    return this.warmServed;
  }

  /** How many times Chromium has been started; a restart after a crash counts. */
  get launches(): number {
    return this.launchCount;
  }

  browser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new BrowserError('BROWSER_CLOSED', 'the browser engine is closed'));
    if (!this.launching) {
      const launching = this.launch();
      this.launching = launching;
      // A failed launch is not cached: the next render tries again.
      launching.catch(() => {
        if (this.launching === launching) this.launching = undefined;
      });
    }
    return this.launching;
  }

  async openPage(contextOptions: (browser: Browser) => BrowserContextOptions): Promise<OpenedPage> {
    for (let attempt = 1; ; attempt++) {
      const browser = await this.browser();
      const options = contextOptions(browser);
      const key = JSON.stringify(options);
      const warm = await this.takeWarm(browser, key);
      if (warm) {
        this.warmServed++;
        this.openAhead(browser, key, options);
        return warm;
      }
      try {
        const opened = await this.open(browser, options);
        // After this render's own page, so that a cold start does not open three at once.
        this.openAhead(browser, key, options);
        return opened;
      } catch (err) {
        // Killed between renders and the 'disconnected' event not yet seen: relaunch once.
        if (attempt === 1 && !browser.isConnected()) {
          this.forget(browser);
          continue;
        }
        throw err;
      }
    }
  }

  private async open(browser: Browser, options: BrowserContextOptions): Promise<OpenedPage> {
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext(options);
      const page = await context.newPage();
      return { browser, context, page };
    } catch (err) {
      await context?.close().catch(() => undefined);
      throw err;
    }
  }

  /** A page opened ahead for `key` that is still alive, if there is one. */
  private async takeWarm(browser: Browser, key: string): Promise<OpenedPage | undefined> {
    const at = this.warm.findIndex((w) => w.key === key && w.browser === browser);
    if (at < 0) return undefined;
    const opened = await this.warm.splice(at, 1)[0]!.opened.catch(() => undefined);
    if (!opened) return undefined;
    // One round trip to the browser: a Chromium killed since the page opened fails it here,
    // where a fresh open (and the relaunch after it) can still follow.
    const alive = await opened.context.cookies().then(
      () => !opened.page.isClosed(),
      () => false,
    );
    if (alive) return opened;
    await opened.context.close().catch(() => undefined);
    return undefined;
  }

  /**
   * Tops the pages open ahead up to `warmPages`, all for `key`: the options of the latest
   * render are the likeliest of the next. Pages opened for other options are closed.
   */
  private openAhead(browser: Browser, key: string, options: BrowserContextOptions): void {
    const limit = this.options.warmPages ?? 2;
    if (this.closed || this.cooling) return;
    for (const w of this.warm.filter((w) => w.key !== key)) this.dropWarm(w);
    this.warm = this.warm.filter((w) => w.key === key);
    while (this.warm.length < limit) {
      const opened = this.open(browser, options);
      opened.catch(() => undefined);
      this.warm.push({ key, browser, opened });
    }
  }

  private dropWarm(w: WarmPage): void {
    void w.opened.then(
      (o) => o.context.close().catch(() => undefined),
      () => undefined,
    );
  }

  /** Drops a browser that stopped answering; the next render launches a new one. */
  async discard(browser: Browser): Promise<void> {
    this.forget(browser);
    await browser.close().catch(() => undefined);
  }

  /** Closes the pages opened ahead and opens no more: the engine is closing, renders are ending. */
  stopWarming(): void {
    this.cooling = true;
    for (const w of this.warm.splice(0)) this.dropWarm(w);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.warm.splice(0)) this.dropWarm(w);
    const launching = this.launching;
    this.launching = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  private forget(browser: Browser): void {
    this.warm = this.warm.filter((w) => w.browser !== browser);
    if (this.current !== browser) return;
    this.current = undefined;
    this.launching = undefined;
  }

  private async launch(): Promise<Browser> {
    const executablePath = this.options.executablePath ?? findChromium();
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath,
        headless: true,
        args: [
          ...CHROMIUM_FLAGS,
          `--proxy-server=${this.options.proxyServer}`,
          // `<-loopback>` removes Chromium's built-in bypass for localhost, so loopback
          // traffic meets the egress policy too.
          '--proxy-bypass-list=<-loopback>',
          ...(this.options.extraArgs ?? []),
        ],
        timeout: LAUNCH_TIMEOUT_MS,
        // Shutdown belongs to the server, which closes the engine; Playwright still kills
        // Chromium if the process exits without that.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (err) {
      const reason = (err as Error)?.message?.split('\n')[0] ?? String(err);
      throw new BrowserError('BROWSER_UNAVAILABLE', `could not start Chromium (${executablePath}): ${reason}`, {
        cause: err,
      });
    }
    this.launchCount++;
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new BrowserError('BROWSER_CLOSED', 'the browser engine is closed');
    }
    this.current = browser;
    browser.once('disconnected', () => this.forget(browser));
    return browser;
  }
}
