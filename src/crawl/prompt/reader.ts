import type { CrawlRequest } from '../../api/index.js';
import type { TokenUsage } from '../../llm/index.js';

/** The crawl options a prompt can set (§7.6 lists them); everything else stays the caller's. */
export type PromptCrawlOptions = Partial<
  Pick<
    CrawlRequest,
    | 'includePaths'
    | 'excludePaths'
    | 'maxDiscoveryDepth'
    | 'crawlEntireDomain'
    | 'allowExternalLinks'
    | 'allowSubdomains'
    | 'sitemap'
    | 'ignoreQueryParameters'
    | 'ignoreRobotsTxt'
    | 'deduplicateSimilarURLs'
    | 'delay'
    | 'limit'
  >
>;

export interface CrawlPromptReading {
  /** Empty when nothing of the prompt was understood: callers answer their own 400. */
  options: PromptCrawlOptions;
  /** Names the parts of the prompt that were not understood, when any were. */
  warning?: string;
  /** What a language model spent reading it, for the caller to bill. */
  usage?: TokenUsage;
}

/**
 * Turns a crawl prompt into crawl options. Asynchronous so that a reader
 * backed by a language model can stand in for the rule-based one.
 */
export interface CrawlPromptReader {
  read(url: string, prompt: string, signal?: AbortSignal): Promise<CrawlPromptReading>;
}
