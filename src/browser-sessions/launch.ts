import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { chromiumVersion, findChromium } from '../browser/chromium.js';
import { BrowserError } from '../browser/errors.js';
import { CHROMIUM_FLAGS } from '../browser/pool.js';

const LAUNCH_TIMEOUT_MS = 30_000;
// Chromium writes its DevTools port to the profile a moment after it starts listening.
const PORT_FILE_WAIT_MS = 10_000;

export interface SessionBrowser {
  context: BrowserContext;
  /** Chromium's own browser-level DevTools WebSocket, on 127.0.0.1 only. */
  cdpEndpoint: string;
}

export interface LaunchOptions {
  userDataDir: string;
  /** The egress proxy every request goes through, loopback included. */
  proxyServer: string;
  executablePath?: string;
  context: BrowserContextOptions;
}

/** `131.0.6778.85`: the user agent of a session must name the real version, as Chrome's own does. */
export async function sessionChromiumVersion(executablePath: string): Promise<string> {
  try {
    return (await chromiumVersion(executablePath)) ?? '0.0.0.0';
  } catch (err) {
    throw new BrowserError('BROWSER_UNAVAILABLE', `${executablePath} does not run as Chromium: ${(err as Error).message.split('\n')[0]}`, { cause: err });
  }
}

export const sessionExecutable = (configured: string | undefined): string => configured ?? findChromium();

async function readPortFile(userDataDir: string): Promise<string> {
  const file = path.join(userDataDir, 'DevToolsActivePort');
  const until = Date.now() + PORT_FILE_WAIT_MS;
  for (;;) {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    const [port, browserPath] = text.trim().split('\n');
    if (port && browserPath) return `ws://127.0.0.1:${port}${browserPath}`;
    if (Date.now() > until) throw new BrowserError('BROWSER_UNAVAILABLE', 'Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One Chromium per session, with its own profile directory: a session's CDP endpoint
 * reaches the whole browser, so sharing one between sessions would expose the others'
 * pages and cookies. Playwright drives it over a pipe for Trawl's own work (pages,
 * screencast); callers reach the DevTools port through Trawl's guarded relay only.
 */
export async function launchSessionBrowser(options: LaunchOptions): Promise<SessionBrowser> {
  const executablePath = options.executablePath ?? findChromium();
  // A profile carried over from an earlier session still names that session's port.
  await fs.rm(path.join(options.userDataDir, 'DevToolsActivePort'), { force: true });
  let context: BrowserContext;
  try {
    // Loaded on first use: playwright-core costs a server that never opens a session tens of MB.
    const { chromium } = await import('playwright-core');
    context = await chromium.launchPersistentContext(options.userDataDir, {
      ...options.context,
      executablePath,
      headless: true,
      args: [
        ...CHROMIUM_FLAGS,
        `--proxy-server=${options.proxyServer}`,
        '--proxy-bypass-list=<-loopback>',
        '--remote-debugging-address=127.0.0.1',
        '--remote-debugging-port=0',
        // Cookies of a saved profile must decrypt in the next session, keyring or not.
        '--password-store=basic',
      ],
      timeout: LAUNCH_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    const reason = (err as Error)?.message?.split('\n')[0] ?? String(err);
    throw new BrowserError('BROWSER_UNAVAILABLE', `could not start Chromium (${executablePath}): ${reason}`, { cause: err });
  }
  try {
    return { context, cdpEndpoint: await readPortFile(options.userDataDir) };
  } catch (err) {
    await context.close().catch(() => undefined);
    throw err;
  }
}
