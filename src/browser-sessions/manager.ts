import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { startEgressProxy, type EgressProxy } from '../browser/egress-proxy.js';
import { contextOptionsFor, localeFor, type LocaleEmulation } from '../browser/emulation.js';
import { charge } from '../billing/credits.js';
import type { AddressPolicyOptions } from '../egress/index.js';
import { isBrowserError } from '../browser/errors.js';
import { rateLimited, TrawlError } from '../errors/trawl-error.js';
import type { SessionEndReason, StoredBrowserSession } from '../store/browser-sessions.js';
import type { Store } from '../store/store.js';
import { sessionCredits } from './billing.js';
import { InternalCdpEndpoint } from './internal-endpoint.js';
import { launchSessionBrowser, sessionChromiumVersion, sessionExecutable } from './launch.js';
import { LiveView } from './live-view.js';
import { Profiles, type ProfileRequest } from './profiles.js';
import { LiveSession } from './session.js';

/** How long past its hard end a session record may stay active before it counts as orphaned. */
const ORPHAN_GRACE_MS = 60_000;

export interface SessionManagerOptions {
  store: Store;
  dataDir: string;
  policy: AddressPolicyOptions;
  /** The operator's forward proxy (TRAWL_PROXY_URL), still under the egress rules. */
  upstreamProxy?: string;
  executablePath?: string;
  /** Live sessions one team may hold at once (TRAWL_BROWSER_SESSIONS_PER_TEAM). */
  perTeamLimit: number;
  /** How long ended sessions stay listed. */
  retentionMs: number;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface SessionEmulation {
  mobile?: boolean;
  locale?: LocaleEmulation;
  userAgent?: string;
  extraHeaders?: Record<string, string>;
  skipTlsVerification?: boolean;
}

/** What a caller asks for: §11.1, or an interact session replaying a scrape (§3.3). */
export interface OpenSession {
  teamId: string;
  apiKeyId: string | null;
  ttlMs: number;
  activityTtlMs: number;
  streamWebView: boolean;
  profile?: ProfileRequest;
  scrapeId?: string;
  /** How the page presents itself; a standalone session gets a desktop Chrome. */
  emulation?: SessionEmulation;
  /** Runs once the browser is up, before the session is recorded (e.g. loading the scraped page). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface SessionEnd {
  durationMs: number;
  creditsBilled: number;
}

/**
 * Every live browser session of this process: opening them within the team's limit,
 * ending them (on request, at their lifetime or idle limit, when Chromium exits, at
 * shutdown), and billing their minutes. The store holds the record; live state is here.
 */
export class SessionManager {
  private readonly live = new Map<string, LiveSession>();
  private readonly views = new Map<string, LiveView>();
  private readonly opening = new Map<string, number>();
  private readonly ending = new Map<string, Promise<SessionEnd | null>>();
  private readonly profiles: Profiles;
  private readonly internal = new InternalCdpEndpoint();
  private proxy: Promise<EgressProxy> | undefined;
  private closed = false;

  constructor(private readonly options: SessionManagerOptions) {
    this.profiles = new Profiles(path.join(options.dataDir, 'browser-profiles'));
  }

  /**
   * This process owns the store (the data-dir lock): a session still marked active was
   * left by a process that died, and its Chromium with it. It is ended and billed up to
   * its last recorded activity.
   */
  async recoverOrphans(): Promise<number> {
    return this.endOrphans(await this.options.store.browserSessions.listActive());
  }

  /**
   * On a store shared with other processes their live sessions are marked
   * active too, so only a record still active well past its hard end
   * (`expiresAt`, which its own process always enforces) is an orphan: the
   * process that held it died first. A retention sweeper, run by any process.
   */
  async recoverExpiredOrphans(now: Date): Promise<number> {
    const cutoff = now.getTime() - ORPHAN_GRACE_MS;
    const active = await this.options.store.browserSessions.listActive();
    return this.endOrphans(active.filter((s) => !this.live.has(s.id) && Date.parse(s.expiresAt) < cutoff));
  }

  /** Ends records whose Chromium died with its process, billed up to their last recorded activity. */
  private async endOrphans(orphans: StoredBrowserSession[]): Promise<number> {
    for (const s of orphans) {
      const durationMs = Math.max(0, Date.parse(s.lastActivity) - Date.parse(s.createdAt));
      await this.record(s.id, s.teamId, null, durationMs, 'orphaned', new Date());
    }
    return orphans.length;
  }

  get(id: string): LiveSession | undefined {
    return this.live.get(id);
  }

  /** Live sessions of a team, which count against its limit. */
  private liveOf(teamId: string): LiveSession[] {
    return [...this.live.values()].filter((s) => s.teamId === teamId);
  }

  liveView(session: LiveSession): LiveView {
    let view = this.views.get(session.id);
    if (!view) {
      view = new LiveView(session.context, () => session.page());
      this.views.set(session.id, view);
    }
    return view;
  }

  async open(req: OpenSession): Promise<LiveSession> {
    if (this.closed) throw new Error('the browser session manager is closed');
    const held = this.liveOf(req.teamId).length + (this.opening.get(req.teamId) ?? 0);
    if (held >= this.options.perTeamLimit) {
      throw rateLimited(
        `Too many active browser sessions: this team may have ${this.options.perTeamLimit} at once. ` +
          'Destroy one (DELETE /v2/browser/{id}) or wait for one to expire.',
        30,
      );
    }
    this.opening.set(req.teamId, (this.opening.get(req.teamId) ?? 0) + 1);
    try {
      const session = await this.launch(req);
      if (this.closed) {
        // Shut down while this one was starting: it would outlive the server otherwise.
        await this.end(session.id, 'shutdown');
        throw new Error('the browser session manager is closed');
      }
      return session;
    } catch (err) {
      // §11.1: a browser that will not start is the browser service failing.
      if (isBrowserError(err)) throw new TrawlError(err.code, `The browser session could not be started: ${err.message}`);
      throw err;
    } finally {
      const left = (this.opening.get(req.teamId) ?? 1) - 1;
      if (left > 0) this.opening.set(req.teamId, left);
      else this.opening.delete(req.teamId);
    }
  }

  /** Ends a live session; null when it is not live here (already ended, or unknown). */
  end(id: string, reason: SessionEndReason): Promise<SessionEnd | null> {
    const pending = this.ending.get(id);
    if (pending) return pending;
    const session = this.live.get(id);
    if (!session) return Promise.resolve(null);
    const ending = this.finish(session, reason).finally(() => this.ending.delete(id));
    this.ending.set(id, ending);
    return ending;
  }

  /** Ends a session no request waits for (its clock ran out, its browser exited). */
  private endInBackground(id: string, reason: SessionEndReason): void {
    this.end(id, reason).catch((err) => this.options.log.error({ err, sessionId: id, reason }, 'ending a browser session failed'));
  }

  /** Forgets sessions that ended longer ago than the retention period (a retention sweeper). */
  purgeEnded(now: Date): Promise<number> {
    return this.options.store.browserSessions.purgeDestroyed(new Date(now.getTime() - this.options.retentionMs));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live.keys()].map((id) => this.end(id, 'shutdown')));
    await this.internal.close();
    const proxy = await this.proxy?.catch(() => undefined);
    await proxy?.close();
  }

  private egressProxy(): Promise<EgressProxy> {
    this.proxy ??= startEgressProxy({
      ...this.options.policy,
      ...(this.options.upstreamProxy !== undefined && { upstreamProxy: this.options.upstreamProxy }),
    });
    this.proxy.catch(() => {
      this.proxy = undefined;
    });
    return this.proxy;
  }

  private async launch(req: OpenSession): Promise<LiveSession> {
    const id = randomUUID();
    const lease = await this.profiles.lease(req.teamId, req.profile);
    let context: BrowserContext | undefined;
    let forget: (() => void) | undefined;
    try {
      const executablePath = sessionExecutable(this.options.executablePath);
      const [proxy, version] = await Promise.all([this.egressProxy(), sessionChromiumVersion(executablePath)]);
      const emulation: SessionEmulation = req.emulation ?? {};
      const locale = emulation.locale ?? localeFor(undefined);
      const contextOptions: BrowserContextOptions = contextOptionsFor({
        ...emulation,
        locale,
        extraHeaders: emulation.extraHeaders ?? {},
        skipTlsVerification: emulation.skipTlsVerification ?? true,
        chromeVersion: version,
      });
      const browser = await launchSessionBrowser({
        userDataDir: lease.userDataDir,
        proxyServer: proxy.url,
        executablePath,
        context: contextOptions,
      });
      context = browser.context;
      await req.prepare?.(context);
      let session: LiveSession | undefined;
      const internal = await this.internal.register({
        browserEndpoint: browser.cdpEndpoint,
        onCommand: () => session?.touch(),
      });
      forget = internal.forget;
      const now = new Date();
      session = new LiveSession(
        {
          id,
          teamId: req.teamId,
          apiKeyId: req.apiKeyId,
          scrapeId: req.scrapeId ?? null,
          profileName: req.profile?.name ?? null,
          streamWebView: req.streamWebView,
          createdAt: now,
          expiresAt: new Date(now.getTime() + req.ttlMs),
          activityTtlMs: req.activityTtlMs,
        },
        browser.context,
        { browser: browser.cdpEndpoint, internal: internal.url },
        async () => {
          internal.forget();
          await lease.release();
        },
        {
          onDue: (s, reason) => this.endInBackground(s.id, reason),
          persistTouch: (at) =>
            void this.options.store.browserSessions
              .touch(id, at.toISOString())
              .catch((err) => this.options.log.warn({ err, sessionId: id }, 'recording browser session activity failed')),
        },
      );
      await this.options.store.browserSessions.insert({
        id,
        teamId: req.teamId,
        scrapeId: session.scrapeId,
        profileName: session.profileName,
        streamWebView: session.streamWebView,
        createdAt: now.toISOString(),
        lastActivity: now.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      });
      this.live.set(id, session);
      const started = session;
      // The caller may close the browser over CDP; the session then ends with it.
      context.once('close', () => this.endInBackground(started.id, 'browser-exited'));
      session.start();
      return session;
    } catch (err) {
      forget?.();
      await context?.close().catch(() => undefined);
      await lease.release().catch(() => undefined);
      throw err;
    }
  }

  private async finish(session: LiveSession, reason: SessionEndReason): Promise<SessionEnd | null> {
    session.stop();
    this.live.delete(session.id);
    this.views.get(session.id)?.close();
    this.views.delete(session.id);
    const endedAt = new Date();
    try {
      await session.context.close();
    } catch (err) {
      this.options.log.warn({ err, sessionId: session.id }, 'closing a browser session failed');
    }
    await session.release().catch((err) => this.options.log.warn({ err, sessionId: session.id }, 'releasing a session profile failed'));
    const durationMs = endedAt.getTime() - session.createdAt.getTime();
    await this.options.store.browserSessions.touch(session.id, session.lastActivity.toISOString());
    return this.record(session.id, session.teamId, session.apiKeyId, durationMs, reason, endedAt);
  }

  private async record(
    id: string,
    teamId: string,
    apiKeyId: string | null,
    durationMs: number,
    reason: SessionEndReason,
    at: Date,
  ): Promise<SessionEnd | null> {
    const creditsBilled = sessionCredits(durationMs);
    const marked = await this.options.store.browserSessions.markDestroyed(id, { at: at.toISOString(), reason, creditsBilled });
    if (!marked) return null;
    await charge(this.options.store, { teamId, apiKeyId, kind: 'browser', jobId: id, credits: creditsBilled, at });
    return { durationMs, creditsBilled };
  }
}
