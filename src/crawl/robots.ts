import robotsParserModule from 'robots-parser';
import { DEFAULT_USER_AGENT, type Egress } from '../egress/index.js';

/** What robots.txt and sitemap discovery need of an HTTP client; the egress client is one. */
export type Fetcher = Pick<Egress, 'fetch'>;

/** The product token robots.txt groups name Trawl by (`User-agent: TrawlBot`). */
export const ROBOTS_USER_AGENT = DEFAULT_USER_AGENT;

export interface Robots {
  /** Whether robots.txt lets the user agent fetch `url` (true for URLs of another origin). */
  isAllowed(url: string): boolean;
  /** `Crawl-delay` for the user agent, in seconds. */
  crawlDelay: number | undefined;
  /** Absolute URLs of the `Sitemap:` lines. */
  sitemaps: string[];
}

/** Robots of a site without a usable robots.txt: everything allowed (RFC 9309 §2.3.1.3). */
export const ALLOW_ALL: Robots = Object.freeze({ isAllowed: () => true, crawlDelay: undefined, sitemaps: [] });

// The package is CommonJS exporting the function itself, while its typings
// declare an ES default export: NodeNext types the import as the namespace.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const MAX_ROBOTS_BYTES = 500 * 1024;

/** Evaluates a robots.txt body fetched from `robotsUrl` for `userAgent`. */
export function parseRobots(robotsUrl: string, body: string, userAgent: string = ROBOTS_USER_AGENT): Robots {
  const robot = robotsParser(robotsUrl, body);
  const origin = new URL(robotsUrl).origin;
  return {
    // robots-parser answers undefined for another origin's URLs: those are not its to judge.
    isAllowed: (url) => robot.isAllowed(url, userAgent) ?? new URL(url).origin !== origin,
    crawlDelay: robot.getCrawlDelay(userAgent),
    sitemaps: robot.getSitemaps(),
  };
}

/**
 * Fetches and evaluates `<origin>/robots.txt`. A 4xx (no robots.txt), a 5xx
 * or an unreachable host allows everything: a crawl should not fail on a site
 * that merely has no rules. Cancellation (`signal`) is thrown.
 */
export async function fetchRobots(
  fetcher: Fetcher,
  siteUrl: string | URL,
  opts: { userAgent?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Robots> {
  const robotsUrl = new URL('/robots.txt', siteUrl).href;
  const userAgent = opts.userAgent || ROBOTS_USER_AGENT;
  try {
    const res = await fetcher.fetch(robotsUrl, {
      headers: { 'user-agent': userAgent, accept: 'text/plain,*/*' },
      maxBytes: MAX_ROBOTS_BYTES,
      timeoutMs: opts.timeoutMs ?? 10_000,
      ...(opts.signal && { signal: opts.signal }),
    });
    if (res.status < 200 || res.status >= 300) return ALLOW_ALL;
    // A redirected robots.txt still rules the site it was asked for (RFC 9309 §2.3.1.2).
    return parseRobots(robotsUrl, res.body.toString('utf8'), userAgent);
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return ALLOW_ALL;
  }
}
