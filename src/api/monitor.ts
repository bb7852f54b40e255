import { z } from 'zod';
import { hostName, opt, originFields, queryInt, strictObject, targetUrl } from './common.js';
import { crawlOptionsShape } from './crawl.js';
import { checkCron, cronFromText } from './schedule.js';
import { scrapeOptions } from './scrape-options.js';
import { monitorWebhook } from './webhook.js';

const SCHEDULE_CHOICE_MESSAGE = "Exactly one of 'cron' or 'text' must be provided.";
const GOAL_REQUIRED_MESSAGE = 'A goal is required for search targets unless judgeEnabled is false';
const EMPTY_UPDATE_MESSAGE = 'At least one field to update must be provided';

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone: use an IANA name such as "Europe/Berlin"' },
);

/** §12.1 MonitorSchedule. Output always carries the normalised `cron`; `text` is echoed when given. */
export const monitorSchedule = strictObject({
  cron: opt(z.string()).describe('5-field cron expression; runs at most every 5 minutes.'),
  text: opt(z.string()).describe('Plain English, e.g. "every 30 minutes", "hourly", "daily at 9am", "weekly".'),
  timezone: opt(timeZone, 'UTC').describe('IANA time zone.'),
})
  .meta({ oneOf: [{ required: ['cron'] }, { required: ['text'] }] })
  .transform(({ cron, text, timezone }, ctx) => {
    if ((cron === undefined) === (text === undefined)) {
      ctx.addIssue({ code: 'custom', message: SCHEDULE_CHOICE_MESSAGE });
      return z.NEVER;
    }
    const result = cron !== undefined ? checkCron(cron) : cronFromText(text!);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', path: [cron !== undefined ? 'cron' : 'text'], message: result.error });
      return z.NEVER;
    }
    return text === undefined ? { cron: result.cron, timezone } : { cron: result.cron, text, timezone };
  });

const targetId = opt(z.uuid()).describe('Generated when omitted.');

const monitorTarget = z.discriminatedUnion('type', [
  strictObject({
    id: targetId,
    type: z.literal('scrape'),
    urls: z.array(targetUrl).min(1),
    scrapeOptions: opt(scrapeOptions).describe('A changeTracking format here selects the diff mode.'),
  }),
  strictObject({
    id: targetId,
    type: z.literal('crawl'),
    url: targetUrl,
    crawlOptions: opt(strictObject(crawlOptionsShape)),
    scrapeOptions: opt(scrapeOptions),
  }),
  strictObject({
    id: targetId,
    type: z.literal('search'),
    queries: z.array(z.string().min(1).max(256)).min(1).max(12),
    searchWindow: opt(z.enum(['5m', '15m', '1h', '6h', '24h', '7d']), '24h').describe('How recent results must be.'),
    maxResults: opt(z.int().min(1).max(50), 10).describe('Combined across queries.'),
    includeDomains: opt(z.array(hostName).max(50)),
    excludeDomains: opt(z.array(hostName).max(50)),
  }),
]);

export type MonitorTarget = z.output<typeof monitorTarget>;

const monitorTargets = z.array(monitorTarget).min(1).max(50);

const monitorNotification = strictObject({
  email: opt(
    strictObject({
      enabled: opt(z.boolean(), false),
      recipients: opt(z.array(z.email()).max(25)),
      includeDiffs: opt(z.boolean(), false),
    }),
  ),
});

const name = z.string().min(1).max(256);
const retentionDays = z.int().min(1).max(365).describe('Days check results are kept.');
const goal = z.string().max(2000).describe('What counts as a meaningful change; enables judging.');

/** §12.3 `POST /v2/monitor`. */
export const monitorCreateRequest = strictObject({
  name,
  schedule: monitorSchedule,
  targets: monitorTargets,
  webhook: opt(monitorWebhook),
  notification: opt(monitorNotification),
  retentionDays: opt(retentionDays, 30),
  goal: opt(goal),
  judgeEnabled: opt(z.boolean()),
  ...originFields,
}).superRefine((body, ctx) => {
  const judged = body.judgeEnabled !== false;
  if (judged && !body.goal?.trim() && body.targets.some((target) => target.type === 'search')) {
    ctx.addIssue({ code: 'custom', path: ['goal'], message: GOAL_REQUIRED_MESSAGE });
  }
});

export type MonitorCreateRequest = z.output<typeof monitorCreateRequest>;

// `null` is meaningful here (remove the webhook / notification / goal), so these
// three keep it instead of treating it as absent.
const updatableFields = {
  name: opt(name),
  status: opt(z.enum(['active', 'paused'])),
  schedule: opt(monitorSchedule),
  webhook: monitorWebhook.nullable().optional().describe('null removes the webhook.'),
  notification: monitorNotification.nullable().optional().describe('null removes the notification settings.'),
  targets: opt(monitorTargets),
  retentionDays: opt(retentionDays),
  goal: goal.nullable().optional().describe('null removes the goal.'),
  judgeEnabled: opt(z.boolean()),
};

const UPDATABLE_KEYS = Object.keys(updatableFields) as (keyof typeof updatableFields)[];

/** §12.6 `PATCH /v2/monitor/{monitorId}`: no defaults, since absent fields stay unchanged. */
export const monitorUpdateRequest = strictObject({ ...updatableFields, ...originFields })
  .refine((body) => UPDATABLE_KEYS.some((key) => body[key] !== undefined), { message: EMPTY_UPDATE_MESSAGE })
  .meta({ anyOf: UPDATABLE_KEYS.map((key) => ({ required: [key] })) });

export type MonitorUpdateRequest = z.output<typeof monitorUpdateRequest>;

/** §12.8 `POST /v2/monitor/{monitorId}/run`: empty apart from what the SDKs inject. */
export const monitorRunRequest = strictObject({ ...originFields });

const pageLimit = opt(queryInt.min(1).max(100), 25);

/** §12.4 `GET /v2/monitor`. */
export const monitorListQuery = z.object({
  limit: pageLimit,
  offset: opt(queryInt.min(0), 0),
});

/** §12.9 `GET /v2/monitor/{monitorId}/checks`. */
export const monitorChecksQuery = z.object({
  limit: pageLimit,
  offset: opt(queryInt.min(0), 0),
  status: opt(
    z.enum(['queued', 'running', 'completed', 'failed', 'partial', 'skipped_overlap', 'skipped_no_credits']),
  ),
});

/** §12.10 `GET /v2/monitor/{monitorId}/checks/{checkId}`: pages of one check. */
export const monitorCheckQuery = z.object({
  limit: pageLimit,
  skip: opt(queryInt.min(0), 0),
  status: opt(z.enum(['same', 'new', 'changed', 'removed', 'error'])),
});
