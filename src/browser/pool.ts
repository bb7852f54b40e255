import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { findChromium } from './chromium.js';
import { BrowserError } from './errors.js';

/**
 * Measured on the target machine (docs: dependencies §1). `--single-process` is left out
 * because Chromium will not start with it; `--user-data-dir` because Playwright refuses
 * it for launch() and makes a fresh temporary profile itself. Browser sessions (src/sessions)
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
}

const LAUNCH_TIMEOUT_MS = 30_000;

export interface OpenedPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * One Chromium per process, started on first use and started again on the next use after
 * it dies. Each render gets its own context, so cookies and storage never cross requests.
 */
export class BrowserPool {
  private launching: Promise<Browser> | undefined;
  private current: Browser | undefined;
  private closed = false;
  private launchCount = 0;

  constructor(private readonly options: BrowserPoolOptions) {}

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
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext(contextOptions(browser));
        const page = await context.newPage();
        return { browser, context, page };
      } catch (err) {
        await context?.close().catch(() => undefined);
        // Killed between renders and the 'disconnected' event not yet seen: relaunch once.
        if (attempt === 1 && !browser.isConnected()) {
          this.forget(browser);
          continue;
        }
        throw err;
      }
    }
  }

  /** Drops a browser that stopped answering; the next render launches a new one. */
  async discard(browser: Browser): Promise<void> {
    this.forget(browser);
    await browser.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const launching = this.launching;
    this.launching = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  private forget(browser: Browser): void {
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
