import { z } from 'zod';
import { originFields, strictObject } from './common.js';

/** `POST /v2/support/docs-search`. */
export const docsSearchRequest = strictObject({
  question: z.string().trim().min(1).max(2000).describe("A question about this server's API or setup."),
  ...originFields,
});

export type DocsSearchRequest = z.output<typeof docsSearchRequest>;
