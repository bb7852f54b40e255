import { z } from 'zod';
import { opt, originFields, queryBool, queryInt, threatProtection } from './common.js';

/** §13.2 / §13.4 `GET /v2/team/{credit,token}-usage/historical?byApiKey=`. */
export const historicalUsageQuery = z.object({
  byApiKey: opt(queryBool, false).describe('One entry per (month, API key) instead of per month.'),
});

export type HistoricalUsageQuery = z.output<typeof historicalUsageQuery>;

/** §15.4 `GET /v2/team/activity`. */
export const teamActivityQuery = z.object({
  endpoint: opt(z.string().min(1).max(100)).describe('Only requests to this endpoint, e.g. "scrape" or "batch_scrape".'),
  limit: opt(queryInt.min(1).max(100), 50),
  cursor: opt(z.string().max(500)).describe('The `cursor` of the previous page.'),
  origin: opt(z.string()),
});

export type TeamActivityQuery = z.output<typeof teamActivityQuery>;

/** §15.4 `PUT /v2/team/threat-protection`: the team's policy, replacing the one before. */
export const teamThreatProtectionRequest = threatProtection.extend({
  allowRequestOverrides: opt(z.boolean()).describe('False: requests carrying their own threatProtection are refused with 403.'),
  ...originFields,
});

export type TeamThreatProtectionRequest = z.output<typeof teamThreatProtectionRequest>;
