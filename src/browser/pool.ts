import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { chromiumVersion, findChromium } from './chromium.js';
import { userAgentFor } from './emulation.js';
import { BrowserError } from './errors.js';
import { Tab } from './tab.js';

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

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts).
 * Chromium keeps only the last `--disable-features` it is given, so a list of ours must
 * repeat these or silently turn them back on (test/browser/launch-flags.test.ts checks
 * the launched browser's command line against Playwright's).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The render engine's own flags on top of CHROMIUM_FLAGS. RenderDocument off: Chromium then
 * keeps a tab's frame objects across its same-site navigations instead of building new ones
 * for every document, which cut ~20% of the CPU a simple render costs (measured ~220 -> ~180 ms
 * across all of Chromium's processes, with the reset's own navigation to about:blank). Every
 * document still gets a new window and JavaScript world, and sites stay in processes of their own.
 *
 * SpareRendererForSitePerProcess off: Chromium keeps a renderer process started ahead for the
 * browser context that navigated last, and throws it away when another context navigates. Each
 * tab has a context of its own, so with two tabs taking turns a spare was started and killed
 * for nearly every render, ~50-70 ms of CPU a page (Chromium's whole process tree, counting
 * the renderers that exited) that no page ever used; warm tabs keep their renderers anyway.
 */
const RENDER_FLAGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'RenderDocument', 'SpareRendererForSitePerProcess'].join(',')}`,
];

export interface BrowserPoolOptions {
  /** Every request the browser makes goes here, loopback included. */
  proxyServer: string;
  /** Default: findChromium(), looked up at each launch so installing Chromium needs no restart. */
  executablePath?: string;
  extraArgs?: readonly string[];
  /**
   * Chromium's own User-Agent, for what a context's emulation never reaches: shared workers
   * start with it, and it says "HeadlessChrome" unless set. Default: Chrome's for the
   * executable's version (see userAgentFor).
   */
  userAgent?: string;
  /**
   * Tabs kept open between renders, each reset after use (see Tab), for the next renders
   * with the same context options. Default 2; 0 opens a new context and page for every
   * render and closes it after.
   */
  warmPages?: number;
}

const LAUNCH_TIMEOUT_MS = 30_000;
// A renderer that served this many pages is replaced: whatever it may keep growing (caches,
// fragmentation) stays bounded, for the cost of one new tab in a hundred renders.
const MAX_TAB_USES = 100;

/**
 * One Chromium per process, started on first use and started again on the next use after
 * it dies. Each render has a tab (a page in a context of its own) to itself: a new one, or
 * one kept from an earlier render with the same context options and reset since, so that
 * cookies, storage, service workers, permissions and history never cross renders.
 */
export class BrowserPool {
  private launching: Promise<Browser> | undefined;
  private current: Browser | undefined;
  private closed = false;
  private launchCount = 0;
  /** Reset and ready, the most recently used last. */
  private idle: Tab[] = [];
  private reused = 0;
  private cooling = false;

  constructor(private readonly options: BrowserPoolOptions) {}

  /** Renders served by a tab kept from an earlier one. */
  get warmHits(): number {
    return this.reused;
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

  /**
   * A tab for one render; hand it back with `release`. `blockAds` is fixed for a tab's
   * life (its banner-hiding script), so it is part of what a kept tab must match.
   */
  async openTab(contextOptions: (browser: Browser) => BrowserContextOptions, blockAds: boolean): Promise<Tab> {
    for (let attempt = 1; ; attempt++) {
      const browser = await this.browser();
      const options = contextOptions(browser);
      const key = JSON.stringify({ options, blockAds });
      const kept = await this.takeIdle(browser, key);
      if (kept) {
        this.reused++;
        kept.uses++;
        return kept;
      }
      try {
        const tab = await this.open(browser, key, options, blockAds);
        tab.uses++;
        return tab;
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

  /**
   * Resets the tab and keeps it for a later render, or closes it: when `reuse` is false,
   * when tabs are not kept, or when the reset fails. Resolves once the tab is ready or gone.
   */
  async release(tab: Tab, reuse: boolean): Promise<void> {
    const limit = this.options.warmPages ?? 2;
    if (reuse && limit > 0 && !this.closed && !this.cooling && tab.reusable && tab.uses < MAX_TAB_USES) {
      const ready = await tab.reset().then(
        () => true,
        () => false,
      );
      if (ready && !this.closed && !this.cooling && tab.browser === this.current) {
        this.idle.push(tab);
        // The least recently used go first: other options' tabs make way for the busy ones.
        for (const extra of this.idle.splice(0, Math.max(0, this.idle.length - limit))) void extra.close().catch(() => undefined);
        return;
      }
    }
    await tab.close();
  }

  private async open(browser: Browser, key: string, options: BrowserContextOptions, blockAds: boolean): Promise<Tab> {
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext(options);
      const tab = await Tab.open(browser, key, context, (this.options.warmPages ?? 2) > 0);
      if (blockAds) await tab.rules.hideBanners();
      return tab;
    } catch (err) {
      await context?.close().catch(() => undefined);
      throw err;
    }
  }

  /** A kept tab for `key` that is still alive, if there is one. */
  private async takeIdle(browser: Browser, key: string): Promise<Tab | undefined> {
    for (let at = this.idle.length - 1; at >= 0; at--) {
      const tab = this.idle[at]!;
      if (tab.key !== key || tab.browser !== browser) continue;
      this.idle.splice(at, 1);
      // One round trip to the browser: a Chromium killed since the tab was kept fails it here,
      // where a fresh open (and the relaunch after it) can still follow.
      const alive = await tab.context.cookies().then(
        () => tab.reusable,
        () => false,
      );
      if (alive) return tab;
      void tab.close().catch(() => undefined);
      return undefined;
    }
    return undefined;
  }

  /** Drops a browser that stopped answering; the next render launches a new one. */
  async discard(browser: Browser): Promise<void> {
    this.forget(browser);
    await browser.close().catch(() => undefined);
  }

  /** Closes the kept tabs and keeps no more: the engine is closing, renders are ending. */
  stopWarming(): void {
    this.cooling = true;
    for (const tab of this.idle.splice(0)) void tab.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const tab of this.idle.splice(0)) void tab.close().catch(() => undefined);
    const launching = this.launching;
    this.launching = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  private forget(browser: Browser): void {
    this.idle = this.idle.filter((tab) => tab.browser !== browser);
    if (this.current !== browser) return;
    this.current = undefined;
    this.launching = undefined;
  }

  private async launch(): Promise<Browser> {
    const executablePath = this.options.executablePath ?? findChromium();
    const version = this.options.userAgent === undefined ? await chromiumVersion(executablePath).catch(() => undefined) : undefined;
    const userAgent = this.options.userAgent ?? (version ? userAgentFor(version, false) : undefined);
    let browser: Browser;
    try {
      // Loaded on first launch: playwright-core costs a server that never renders tens of MB.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath,
        headless: true,
        args: [
          ...CHROMIUM_FLAGS,
          ...RENDER_FLAGS,
          `--proxy-server=${this.options.proxyServer}`,
          // `<-loopback>` removes Chromium's built-in bypass for localhost, so loopback
          // traffic meets the egress policy too.
          '--proxy-bypass-list=<-loopback>',
          ...(userAgent ? [`--user-agent=${userAgent}`] : []),
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
