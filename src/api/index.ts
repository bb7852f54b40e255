/**
 * Request schemas of the v2 wire contract: the single source for validation and
 * the OpenAPI document. Each schema's output has every default applied, `null`
 * treated as absent and shorthand forms expanded (formats, parsers, webhooks…).
 */
export { checkUrl, setUrlPolicy, UNRECOGNIZED_KEY_MESSAGE, type UrlTarget } from './common.js';
export { type Action } from './actions.js';
export { type Format, type FormatType } from './formats.js';
export { type Parser } from './parsers.js';
export { type Location } from './location.js';
export { type AgentWebhook, type MonitorWebhook, type Webhook } from './webhook.js';
export { scrapeOptions, type ScrapeOptions } from './scrape-options.js';

export { interactRequest, scrapeRequest, toolCallRequest } from './scrape.js';
export type { InteractRequest, ScrapeRequest, ToolCallRequest } from './scrape.js';
export { parseOptions, type ParseOptions } from './parse.js';
export { searchRequest, type SearchRequest } from './search.js';
export { mapRequest, type MapRequest } from './map.js';
export { crawlParamsPreviewRequest, crawlRequest, jobStatusQuery } from './crawl.js';
export type { CrawlParamsPreviewRequest, CrawlRequest, JobStatusQuery } from './crawl.js';
export { batchScrapeRequest, type BatchScrapeRequest } from './batch.js';
export { extractRequest, type ExtractRequest } from './extract.js';
export { agentListQuery, agentRequest, agentThreadQuery, agentTraceQuery, type AgentRequest } from './agent.js';
export { browserCreateRequest, browserExecuteRequest, browserListQuery, browserLiveViewQuery } from './browser.js';
export type { BrowserCreateRequest, BrowserExecuteRequest } from './browser.js';
export {
  monitorCheckQuery,
  monitorChecksQuery,
  monitorCreateRequest,
  monitorListQuery,
  monitorRunRequest,
  monitorUpdateRequest,
} from './monitor.js';
export type { MonitorCreateRequest, MonitorTarget, MonitorUpdateRequest } from './monitor.js';
export { feedbackListQuery, feedbackRequest, searchFeedbackParams, searchFeedbackRequest } from './feedback.js';
export type { FeedbackRequest, SearchFeedbackRequest } from './feedback.js';
export {
  historicalUsageQuery,
  type HistoricalUsageQuery,
  teamActivityQuery,
  type TeamActivityQuery,
  teamThreatProtectionRequest,
  type TeamThreatProtectionRequest,
} from './team.js';
export { teamKeyCreateRequest, teamKeyParams, type TeamKeyCreateRequest, type TeamKeyParams } from './keys.js';
export { docsSearchRequest, type DocsSearchRequest } from './support.js';
