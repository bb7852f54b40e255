export { readPromptOfRequest } from './for-request.js';
export { llmCrawlPromptReader } from './llm-reader.js';
export { crawlParamsPreview } from './preview.js';
export type { CrawlPromptReader, CrawlPromptReading, PromptCrawlOptions } from './reader.js';
export { readCrawlPrompt, ruleBasedCrawlPromptReader } from './rule-based.js';
