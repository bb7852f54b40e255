import type { CrawlOptions } from './job.js';
import { isBareHomepage, isChildPath, isSameSite, isSubdomainOf, pathFilter, urlKey, type UrlKeyOptions } from './url.js';

/** Where a URL stands in a crawl. */
export type Verdict =
  /** On the crawled site: scraped, and its links followed. */
  | 'internal'
  /** On another site (allowExternalLinks): scraped, its links not followed. */
  | 'external'
  /** Another site's bare homepage: skipped, and listed as an EXTERNAL_LINK error. */
  | 'external-homepage'
  | 'skip';

// Files no format turns into a useful Document, which the crawl would only pay for.
const ASSET = /\.(?:css|js|mjs|json|xml|rss|atom|ico|png|jpe?g|gif|webp|avif|svg|bmp|tiff?|woff2?|ttf|otf|eot|mp[34]|m4a|wav|ogg|webm|mov|avi|zip|gz|tgz|rar|7z|exe|dmg|iso|apk)$/i;

/**
 * The §7.1 URL options of one crawl compiled once: which URLs it takes and
 * the key it de-duplicates them by. Robots.txt and the depth are the
 * caller's to apply.
 */
export class CrawlRules {
  private readonly start: URL;
  private readonly passes: (url: URL) => boolean;
  private readonly keyOptions: UrlKeyOptions;

  constructor(
    startUrl: string,
    private readonly options: Pick<
      CrawlOptions,
      | 'includePaths'
      | 'excludePaths'
      | 'regexOnFullURL'
      | 'crawlEntireDomain'
      | 'allowExternalLinks'
      | 'allowSubdomains'
      | 'ignoreQueryParameters'
      | 'deduplicateSimilarURLs'
    >,
  ) {
    this.start = new URL(startUrl);
    this.passes = pathFilter(options);
    this.keyOptions = {
      ignoreQueryParameters: options.ignoreQueryParameters,
      deduplicateSimilarURLs: options.deduplicateSimilarURLs,
    };
  }

  key(url: URL): string {
    return urlKey(url, this.keyOptions);
  }

  /** Whether the crawl's host rules count `url` as its own site (its links are followed). */
  isInternal(url: URL): boolean {
    return isSameSite(url, this.start) || (this.options.allowSubdomains && isSubdomainOf(url, this.start));
  }

  /** The start URL is held to the include/exclude patterns only (§7.1): it was asked for by name. */
  admitsStart(url: URL): boolean {
    return this.passes(url);
  }

  /** What to do with a URL found on a page or in a sitemap. */
  verdict(url: URL): Verdict {
    if (ASSET.test(url.pathname) || !this.passes(url)) return 'skip';
    if (this.isInternal(url)) {
      return this.options.crawlEntireDomain || isChildPath(url, this.start) ? 'internal' : 'skip';
    }
    if (!this.options.allowExternalLinks) return 'skip';
    return isBareHomepage(url) ? 'external-homepage' : 'external';
  }
}
