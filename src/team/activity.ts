import { randomUUID } from 'node:crypto';
import type { TeamActivityQuery } from '../api/index.js';
import type { Guard, RequestContext, RouteSpec } from '../http/route.js';
import type { Store } from '../store/store.js';

/** `GET /v2/team/activity` covers the last day (§15.4). */
const ACTIVITY_WINDOW_MS = 24 * 3600_000;

/** The requests that do work for the team: starting scrapes, searches, maps, crawls, extracts and agents. */
const LOGGED_CLASSES = new Set(['scrape', 'search', 'map', 'crawl', 'extract']);

/** Firecrawl's endpoint names: `/v2/batch/scrape` → `batch_scrape`, any interact route → `interact`. */
export function endpointOf(route: RouteSpec): string {
  const segments = route.url
    .replace(/^\/v2\//, '')
    .split('/')
    .filter((segment) => !segment.startsWith(':'));
  if (segments[0] === 'batch') return 'batch_scrape';
  if (segments.includes('interact')) return 'interact';
  return segments[0]!;
}

function targetOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { url, query, urls, prompt } = body as Record<string, unknown>;
  const first = [url, query, Array.isArray(urls) ? urls[0] : undefined, prompt].find((v) => typeof v === 'string');
  return typeof first === 'string' ? first.slice(0, 2048) : null;
}

/**
 * Records each accepted request that does work into the team's activity log.
 * It runs after validation and the credit check, so refused requests are not
 * listed; a request that then fails is taken back out.
 */
export function activityGuard(store: Store): Guard {
  return {
    name: 'activity',
    stage: 'post',
    async run({ route, req, team }) {
      if (route.method !== 'POST' || !LOGGED_CLASSES.has(route.rateClass)) return;
      const now = new Date();
      const id = randomUUID();
      await store.activity.record(
        { id, teamId: team.id, endpoint: endpointOf(route), apiVersion: 'v2', target: targetOf(req.body), createdAt: now.toISOString() },
        new Date(now.getTime() - ACTIVITY_WINDOW_MS),
      );
      return () => store.activity.remove(id);
    },
  };
}

/** `GET /v2/team/activity?endpoint=&limit=&cursor=` (§15.4). */
export async function teamActivity(deps: { store: Store }, ctx: RequestContext<unknown, TeamActivityQuery>) {
  const { endpoint, limit, cursor } = ctx.query;
  const page = await deps.store.activity.list(ctx.team.id, {
    since: new Date(Date.now() - ACTIVITY_WINDOW_MS),
    limit,
    endpoint,
    cursor,
  });
  return {
    success: true,
    data: page.items.map((a) => ({ id: a.id, endpoint: a.endpoint, api_version: a.apiVersion, created_at: a.createdAt, target: a.target })),
    cursor: page.cursor,
    has_more: page.cursor !== null,
  };
}
