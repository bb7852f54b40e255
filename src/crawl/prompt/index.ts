export { crawlParamsPreviewHandler, PREVIEW_PROMPT_FAILURE } from './preview.js';
export type { CrawlPromptReader, CrawlPromptReading, PromptCrawlOptions } from './reader.js';
export { readCrawlPrompt, ruleBasedCrawlPromptReader } from './rule-based.js';
