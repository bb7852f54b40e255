import { z } from 'zod';
import { opt, queryBool } from './common.js';

/** §13.2 / §13.4 `GET /v2/team/{credit,token}-usage/historical?byApiKey=`. */
export const historicalUsageQuery = z.object({
  byApiKey: opt(queryBool, false).describe('One entry per (month, API key) instead of per month.'),
});

export type HistoricalUsageQuery = z.output<typeof historicalUsageQuery>;
