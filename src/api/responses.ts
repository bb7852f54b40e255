import { z } from 'zod';

/**
 * Success bodies of the v2 operations (§19's compatibility checklist: what the
 * SDKs read unconditionally), for the OpenAPI document and the fuzzing that
 * holds real answers against it. Objects are open: these name what a client may
 * rely on, and the server may add fields.
 */

const ok = <S extends z.ZodRawShape>(shape: S) => z.looseObject({ success: z.literal(true), ...shape });
const count = z.int().min(0);
const timestamp = z.iso.datetime({ offset: true }).describe('ISO-8601, UTC.');
const jobId = z.uuid();
/** Absolute URL the client follows (status, next page); built from the request's host. */
const link = z.string().meta({ format: 'uri' });

export const documentResult = z
  .looseObject({
    markdown: z.string().optional(),
    html: z.string().optional(),
    rawHtml: z.string().optional(),
    links: z.array(z.string()).optional(),
    images: z.array(z.string()).optional(),
    screenshot: z.string().optional(),
    metadata: z
      .looseObject({
        sourceURL: z.string().optional(),
        statusCode: z.int().optional(),
        scrapeId: z.string().optional(),
        creditsUsed: z.int().optional(),
        cacheState: z.enum(['hit', 'miss']).optional(),
        proxyUsed: z.enum(['basic', 'stealth']).optional(),
      })
      .optional(),
  })
  .describe('Document (§2.6).');

const jobStatus = z.enum(['scraping', 'completed', 'failed', 'cancelled']);
const extractStatus = z.enum(['processing', 'completed', 'failed', 'cancelled']);

const jobStatusPage = ok({
  status: jobStatus,
  total: count,
  completed: count,
  creditsUsed: count,
  expiresAt: timestamp,
  next: link.nullable().optional(),
  data: z.array(documentResult),
});

const jobErrors = z.looseObject({
  errors: z.array(z.looseObject({ id: z.string(), url: z.string(), error: z.string(), code: z.string().optional() })),
  robotsBlocked: z.array(z.string()),
});

/** A job that had ended already keeps its own terminal status (§7.3). */
const cancelled = z.looseObject({ status: jobStatus });

const monitor = z.looseObject({
  id: jobId,
  name: z.string(),
  status: z.enum(['active', 'paused', 'deleted']),
  schedule: z.looseObject({}),
  targets: z.array(z.looseObject({})),
  retentionDays: z.int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const monitorCheck = z.looseObject({
  id: jobId,
  monitorId: jobId,
  status: z.enum(['queued', 'running', 'completed', 'failed', 'partial', 'skipped_overlap', 'skipped_no_credits']),
  trigger: z.enum(['scheduled', 'manual']),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const usagePeriods = ok({ periods: z.array(z.looseObject({ startDate: z.string().nullable().optional(), endDate: z.string().nullable().optional() })) });

const browserSession = z.looseObject({ id: z.string(), status: z.string(), createdAt: z.string() });

const plainOk = ok({});

/** The success body of each operation, by operationId. */
export const successResponses: Record<string, z.ZodType> = {
  scrape: ok({ data: documentResult }),
  getScrape: ok({ data: documentResult }),
  interact: z.looseObject({ success: z.boolean() }),
  stopInteraction: z.looseObject({ success: z.boolean() }),
  parse: ok({ data: documentResult }),
  getParseFormats: ok({
    data: z.looseObject({
      formats: z.array(
        z.looseObject({ format: z.string(), extensions: z.array(z.string()), mimeTypes: z.array(z.string()), available: z.boolean() }),
      ),
    }),
  }),
  search: ok({
    data: z.looseObject({
      web: z.array(z.looseObject({ url: z.string() })).optional(),
      news: z.array(z.looseObject({})).optional(),
      images: z.array(z.looseObject({})).optional(),
    }),
    warning: z.string().nullable().optional(),
  }),
  searchFeedback: plainOk,
  searchResearchPapers: plainOk,
  getResearchPaper: plainOk,
  similarResearchPapers: plainOk,
  searchResearchGithub: plainOk,
  searchDeveloperGet: plainOk,
  searchDeveloper: plainOk,
  searchGov: plainOk,
  map: ok({ links: z.array(z.union([z.looseObject({ url: z.string() }), z.string()])) }),
  crawl: ok({ id: jobId, url: link }),
  getActiveCrawls: ok({ crawls: z.array(z.looseObject({ id: jobId, url: z.string() })) }),
  getOngoingCrawls: ok({ crawls: z.array(z.looseObject({ id: jobId, url: z.string() })) }),
  crawlParamsPreview: ok({ data: z.looseObject({}), warning: z.string().optional() }),
  getCrawlStatus: jobStatusPage,
  cancelCrawl: cancelled,
  getCrawlErrors: jobErrors,
  batchScrape: ok({ id: jobId, url: link, invalidURLs: z.array(z.string()).optional() }),
  getBatchScrapeStatus: jobStatusPage,
  cancelBatchScrape: cancelled,
  getBatchScrapeErrors: jobErrors,
  extract: ok({ id: jobId }),
  getExtractStatus: z.looseObject({ status: extractStatus }),
  startAgent: ok({ id: jobId }),
  listAgents: ok({
    agents: z.array(
      z.looseObject({ id: jobId, createdAt: timestamp, targetHint: z.string(), status: z.enum(['processing', 'completed', 'failed']) }),
    ),
    next: link.optional(),
  }),
  getAgentThread: plainOk,
  getAgentStatus: z.looseObject({ status: z.enum(['processing', 'completed', 'failed', 'cancelled']) }),
  // success is false when the run had ended already: there was nothing left to cancel.
  cancelAgent: z.looseObject({ success: z.boolean() }),
  getAgentTrace: z.looseObject({}),
  getAgentSnapshot: z.looseObject({}),
  browserCreate: ok({ id: z.string(), expiresAt: timestamp }),
  browserList: z.looseObject({ success: z.boolean(), sessions: z.array(browserSession).optional() }),
  browserExecute: z.looseObject({ success: z.boolean(), exitCode: z.int().nullable().optional() }),
  browserDelete: z.looseObject({ success: z.boolean() }),
  interactSessionCreate: ok({ id: z.string(), expiresAt: timestamp }),
  interactSessionList: z.looseObject({ success: z.boolean(), sessions: z.array(browserSession).optional() }),
  interactSessionExecute: z.looseObject({ success: z.boolean(), exitCode: z.int().nullable().optional() }),
  interactSessionDelete: z.looseObject({ success: z.boolean() }),
  createMonitor: ok({ data: monitor }),
  listMonitors: ok({ data: z.array(monitor) }),
  getMonitor: ok({ data: monitor }),
  updateMonitor: ok({ data: monitor }),
  deleteMonitor: plainOk,
  runMonitor: ok({ data: monitorCheck }),
  listMonitorChecks: ok({ data: z.array(monitorCheck) }),
  getMonitorCheck: ok({ data: z.looseObject({}) }),
  getCreditUsage: plainOk,
  getCreditUsageHistorical: usagePeriods,
  getTokenUsage: plainOk,
  getTokenUsageHistorical: usagePeriods,
  getQueueStatus: ok({ mostRecentSuccess: timestamp.nullable().optional() }),
  getConcurrency: plainOk,
  getTeamActivity: plainOk,
  listTeamKeys: plainOk,
  createTeamKey: plainOk,
  revokeTeamKey: plainOk,
  feedback: plainOk,
  listFeedback: ok({ data: z.array(z.looseObject({})) }),
  getThreatProtection: plainOk,
  putThreatProtection: plainOk,
  searchSupportDocs: ok({ answer: z.string(), evidence: z.array(z.looseObject({ pathOrUrl: z.string() })) }),
};
