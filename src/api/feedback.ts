import { z } from 'zod';
import { httpUrl, opt, originFields, queryInt, strictObject } from './common.js';

const METADATA_MAX_BYTES = 8 * 1024;

const valuableSource = strictObject({
  url: httpUrl,
  reason: opt(z.string().max(1000)),
});

const missingContent = strictObject({
  topic: z.string().min(1).max(200),
  description: opt(z.string().max(2000)),
});

const label = z
  .string()
  .max(80)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, "_" and "-", starting with a letter or digit');

/** Fields shared by both feedback endpoints; `missingContent` caps differ. */
const ratingFields = (maxMissingContent: number) => ({
  rating: z.enum(['good', 'partial', 'bad']),
  valuableSources: opt(z.array(valuableSource).max(50)).describe('Expected with "good" or "partial".'),
  missingContent: opt(z.array(missingContent).max(maxMissingContent)).describe('Expected with "partial" or "bad".'),
  querySuggestions: opt(z.string().max(2000)),
  ...originFields,
});

/** §14.1 `POST /v2/feedback`. */
export const feedbackRequest = strictObject({
  endpoint: z.enum(['search', 'scrape', 'parse', 'map']),
  jobId: z.uuid().describe('A job of this team on that endpoint.'),
  ...ratingFields(50),
  issues: opt(z.array(label).max(20)),
  tags: opt(z.array(label).max(20)),
  note: opt(z.string().max(4000)),
  url: opt(httpUrl),
  pageNumbers: opt(z.array(z.int().min(1)).max(100)),
  metadata: opt(
    z
      .record(z.string(), z.unknown())
      .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= METADATA_MAX_BYTES, {
        message: 'metadata must not exceed 8 KB when serialized',
      }),
  ),
});

export type FeedbackRequest = z.output<typeof feedbackRequest>;

/** §14.2 `POST /v2/search/{jobId}/feedback`: the job is the path parameter. */
export const searchFeedbackRequest = strictObject(ratingFields(20));

export type SearchFeedbackRequest = z.output<typeof searchFeedbackRequest>;

/** `GET /v2/feedback` (Trawl extension): the team's feedback, newest first. */
export const feedbackListQuery = z.object({
  endpoint: opt(z.enum(['search', 'scrape', 'parse', 'map'])),
  limit: opt(queryInt.min(1).max(500), 100),
});

/** §14.2 path: the search job id. */
export const searchFeedbackParams = z.object({ jobId: z.uuid() });
