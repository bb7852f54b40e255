import type { BrowserCreateRequest, BrowserExecuteRequest } from '../../api/index.js';
import { notImplemented, TrawlError } from '../../errors/trawl-error.js';
import type { RequestContext } from '../../http/route.js';
import type { StoredBrowserSession } from '../../store/browser-sessions.js';
import { checkRunnable, executeBody, runInSession } from '../execute.js';
import type { BrowserSessions } from '../index.js';
import { sessionLinks } from '../links.js';
import { liveViewPage } from '../live-view.js';
import type { Llm } from '../../llm/types.js';
import type { Store } from '../../store/store.js';
import type { LiveSession } from '../session.js';

export interface SessionDeps {
  /** Absent in apps built without them: /v2/browser and interact then answer 501. */
  browserSessions?: BrowserSessions | undefined;
  store: Store;
  llm: Llm;
}

type Ctx<B = unknown, Q = unknown> = RequestContext<B, Q, { sessionId: string }>;

export function sessionsOf(deps: SessionDeps): BrowserSessions {
  if (!deps.browserSessions) throw notImplemented('Browser sessions');
  return deps.browserSessions;
}

export const sessionGone = (): TrawlError => new TrawlError('SESSION_DESTROYED');

/** The team's live session `id`: 404 unknown, 403 another team's, 410 ended. */
export async function liveSessionFor(deps: SessionDeps, ctx: Ctx<any, any>, id: string): Promise<LiveSession> {
  const sessions = sessionsOf(deps);
  const live = sessions.manager.get(id);
  if (live) {
    if (live.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
    return live;
  }
  const stored = await deps.store.browserSessions.get(id);
  if (!stored) throw new TrawlError('RESOURCE_NOT_FOUND', 'Browser session not found.');
  if (stored.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
  throw sessionGone();
}

export async function createSessionHandler(deps: SessionDeps, ctx: Ctx<BrowserCreateRequest>) {
  const { manager, tokens } = sessionsOf(deps);
  const body = ctx.body;
  const session = await manager.open({
    teamId: ctx.team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    ttlMs: body.ttl * 1000,
    activityTtlMs: body.activityTtl * 1000,
    streamWebView: body.streamWebView,
    ...(body.profile && { profile: { name: body.profile.name, saveChanges: body.profile.saveChanges } }),
  });
  return {
    success: true,
    id: session.id,
    ...sessionLinks(tokens, { id: session.id, expiresAt: session.expiresAt, live: true }, ctx.baseUrl),
    expiresAt: session.expiresAt.toISOString(),
  };
}

export async function listSessionsHandler(deps: SessionDeps, ctx: Ctx<unknown, { status?: 'active' | 'destroyed' }>) {
  const { manager, tokens } = sessionsOf(deps);
  const baseUrl = ctx.baseUrl;
  const stored = await deps.store.browserSessions.list(ctx.team.id, ctx.query.status);
  const item = (s: StoredBrowserSession) => {
    const live = manager.get(s.id);
    return {
      id: s.id,
      status: s.status,
      ...sessionLinks(tokens, { id: s.id, expiresAt: new Date(s.expiresAt), live: live !== undefined }, baseUrl),
      streamWebView: s.streamWebView,
      createdAt: s.createdAt,
      lastActivity: live?.lastActivity.toISOString() ?? s.lastActivity,
      expiresAt: s.expiresAt,
      ...(s.scrapeId && { scrapeId: s.scrapeId }),
      ...(s.profileName && { profile: s.profileName }),
      ...(s.destroyedAt && { destroyedAt: s.destroyedAt, creditsBilled: s.creditsBilled }),
    };
  };
  return { success: true, sessions: stored.map(item) };
}

export async function executeHandler(deps: SessionDeps, ctx: Ctx<BrowserExecuteRequest>) {
  const { tokens } = sessionsOf(deps);
  const run = { language: ctx.body.language, code: ctx.body.code, timeoutSeconds: ctx.body.timeout };
  checkRunnable(run, deps.llm);
  const session = await liveSessionFor(deps, ctx, ctx.params.sessionId);
  const result = await runInSession(session, run, deps.llm);
  return {
    ...executeBody(result),
    ...sessionLinks(tokens, { id: session.id, expiresAt: session.expiresAt, live: true }, ctx.baseUrl),
  };
}

/** Ends a session and reports what it cost; a session already ended reports the same again. */
export async function deleteSessionHandler(deps: SessionDeps, ctx: Ctx) {
  const { manager } = sessionsOf(deps);
  const id = ctx.params.sessionId;
  const stored = await deps.store.browserSessions.get(id);
  if (!stored) throw new TrawlError('RESOURCE_NOT_FOUND', 'Browser session not found.');
  if (stored.teamId !== ctx.team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
  return endedBody(deps, id, await manager.end(id, 'deleted'), ctx);
}

export async function endedBody(deps: SessionDeps, id: string, ended: { durationMs: number; creditsBilled: number } | null, ctx: RequestContext<any, any, any>) {
  if (ended) return { success: true, status: 'destroyed', sessionDurationMs: ended.durationMs, creditsBilled: ended.creditsBilled };
  // Ended earlier (expired, or a second DELETE): the record has what it cost.
  const stored = await deps.store.browserSessions.get(id);
  const durationMs = stored?.destroyedAt ? Date.parse(stored.destroyedAt) - Date.parse(stored.createdAt) : 0;
  return { success: true, status: 'destroyed', sessionDurationMs: durationMs, creditsBilled: stored?.creditsBilled ?? 0 };
}

/** The live-view page (no key: the token in its URL stands for one session's view). */
export async function liveViewPageHandler(deps: SessionDeps, ctx: RequestContext<unknown, { token?: string }, { sessionId: string }>) {
  const { manager, tokens } = sessionsOf(deps);
  const id = ctx.params.sessionId;
  const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
  const interactive = tokens.verify('control', id, token);
  if (!manager.get(id) || !(interactive || tokens.verify('live', id, token))) {
    throw new TrawlError('UNAUTHORIZED', 'The live view link is invalid or the session has ended');
  }
  return ctx.reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(liveViewPage(`live/stream?token=${encodeURIComponent(token)}`, interactive));
}
