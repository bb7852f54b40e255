import type { BrowserContext } from 'playwright-core';
import type { ScrapeOptions } from '../api/index.js';
import { runActions } from '../browser/actions.js';
import { Deadline } from '../browser/deadline.js';
import { localeFor } from '../browser/emulation.js';
import { applyRequestRules, splitCallerHeaders } from '../browser/request-rules.js';
import type { BrowserAction } from '../browser/types.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { OpenSession } from './manager.js';

/** Actions that change the page; the capturing ones (screenshot, scrape, pdf) had their use in the scrape. */
const STATEFUL = new Set(['wait', 'click', 'write', 'press', 'scroll', 'executeJavascript']);
const REPLAY_BUDGET_MS = 60_000;

type ReplayOptions = Partial<Pick<ScrapeOptions, 'headers' | 'mobile' | 'location' | 'skipTlsVerification' | 'blockAds' | 'waitFor' | 'actions' | 'profile' | 'timeout'>>;

/**
 * How to open a session that continues scrape `url` (§3.3): the same device, language,
 * headers and cookies, the same profile, then the page loaded again and the scrape's
 * actions run again, so the caller's code starts where the scrape left off.
 */
export function replayOf(url: string, options: ReplayOptions): Pick<OpenSession, 'emulation' | 'profile' | 'prepare'> {
  const headers = splitCallerHeaders(options.headers);
  const locale = localeFor(options.location);
  const acceptLanguage = headers.everywhere['accept-language'] ?? locale.acceptLanguage;
  return {
    emulation: {
      mobile: options.mobile ?? false,
      locale,
      ...(headers.userAgent !== undefined && { userAgent: headers.userAgent }),
      extraHeaders: { ...headers.everywhere, 'accept-language': acceptLanguage },
      skipTlsVerification: options.skipTlsVerification ?? true,
    },
    ...(options.profile && { profile: { name: options.profile.name, saveChanges: options.profile.saveChanges ?? true } }),
    async prepare(context: BrowserContext) {
      await applyRequestRules(context, {
        targetUrl: url,
        headers,
        navigationAcceptLanguage: acceptLanguage === locale.locale ? undefined : acceptLanguage,
        blockAds: options.blockAds ?? true,
      });
      const deadline = new Deadline(Math.max(options.timeout ?? 0, REPLAY_BUDGET_MS));
      const page = context.pages()[0] ?? (await context.newPage());
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: deadline.remaining() });
        await page.waitForLoadState('load', { timeout: Math.min(10_000, deadline.remaining()) }).catch((err: unknown) => {
          // By name: importing playwright-core's errors would load it with this module.
          if ((err as Error).name !== 'TimeoutError') throw err;
        });
        if (options.waitFor) await page.waitForTimeout(Math.min(options.waitFor, deadline.remaining()));
        const actions = (options.actions ?? []).filter((a) => STATEFUL.has(a.type)) as BrowserAction[];
        if (actions.length) {
          await runActions(actions, { page, deadline, results: { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] }, warnings: [] });
        }
      } catch (err) {
        const reason = (err as Error)?.message?.split('\n')[0] ?? String(err);
        throw new TrawlError('CONFLICT', `The scraped page could not be opened again for interaction: ${reason}`);
      }
    },
  };
}
