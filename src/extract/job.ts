import type { ScrapeOptions } from '../api/index.js';
import type { JobResource } from '../jobs/job-access.js';
import type { JsonSchema } from '../llm/index.js';

/** Extract jobs; their options are ExtractSettings. */
export const extractResource: JobResource = { kind: 'extract', path: '/v2/extract' };

/** Task kind of the one task that runs an extract job from its URLs to its answer. */
export const EXTRACT_RUN = 'extract.run';

/** The request as the job runs it, with who asked. */
export interface ExtractSettings {
  /** Normalised; a trailing `/*` still marks a site section to expand. */
  urls: string[];
  prompt?: string | undefined;
  schema?: JsonSchema | undefined;
  systemPrompt?: string | undefined;
  limit?: number | undefined;
  ignoreSitemap: boolean;
  includeSubdomains: boolean;
  enableWebSearch: boolean;
  showSources: boolean;
  urlTrace: boolean;
  /** Overall budget in milliseconds, counted from the job's creation. */
  timeout?: number | undefined;
  scrapeOptions: ScrapeOptions;
  teamId: string;
  apiKeyId: string | null;
  baseUrl: string;
}
