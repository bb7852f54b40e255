import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startEgressProxy, type EgressProxy } from '../../src/browser/egress-proxy.js';
import type { SessionHandle } from '../../src/sandbox/index.js';
import { InternalCdpEndpoint } from '../../src/browser-sessions/internal-endpoint.js';
import { launchSessionBrowser, type SessionBrowser } from '../../src/browser-sessions/launch.js';

export interface TestSession extends SessionHandle {
  /** The page Trawl itself drives, as the sessions module would hand it out. */
  readonly livePage: Page;
  close(): Promise<void>;
}

/**
 * A session's Chromium as production launches it, behind the egress proxy, reached through
 * the same guarded DevTools relay the sessions module hands the sandbox. The proxy allows
 * 127.0.0.1 only (for the fixture sites), so every other private address, cloud metadata
 * included, stays refused as it would be in production.
 */
export async function startTestSession(): Promise<TestSession> {
  const proxy: EgressProxy = await startEgressProxy({ allowedCidrs: ['127.0.0.1/32'] });
  const profile = await mkdtemp(path.join(tmpdir(), 'trawl-sandbox-test-profile-'));
  let browser: SessionBrowser;
  try {
    browser = await launchSessionBrowser({ userDataDir: profile, proxyServer: proxy.url, context: {} });
  } catch (err) {
    await proxy.close();
    await rm(profile, { recursive: true, force: true });
    throw err;
  }
  const relay = new InternalCdpEndpoint();
  const internal = await relay.register({ browserEndpoint: browser.cdpEndpoint, onCommand: () => undefined });
  const livePage = browser.context.pages()[0] ?? (await browser.context.newPage());
  return {
    cdpEndpoint: internal.url,
    livePage,
    page: async () => livePage,
    async close() {
      await relay.close();
      await browser.context.close().catch(() => undefined);
      await proxy.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
