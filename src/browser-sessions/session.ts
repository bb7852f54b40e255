import type { BrowserContext, Page } from 'playwright-core';
import type { SessionHandle } from '../sandbox/types.js';
import type { SessionEndReason } from '../store/browser-sessions.js';

export interface SessionInit {
  id: string;
  teamId: string;
  /** The key that opened it, for the ledger entry of its minutes. */
  apiKeyId: string | null;
  scrapeId: string | null;
  profileName: string | null;
  streamWebView: boolean;
  createdAt: Date;
  expiresAt: Date;
  activityTtlMs: number;
}

/** How long a touch may go unwritten to the store; the listing reads live sessions from memory. */
const TOUCH_WRITE_MS = 5_000;

/**
 * A live browser session: its Chromium, its clocks, and the sandbox's view of it
 * (SessionHandle). It ends itself when its lifetime or its idle time runs out, through
 * `onDue`; the manager does the ending.
 */
export class LiveSession implements SessionHandle {
  readonly id: string;
  readonly teamId: string;
  readonly apiKeyId: string | null;
  readonly scrapeId: string | null;
  readonly profileName: string | null;
  readonly streamWebView: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly activityTtlMs: number;
  /** Chromium's own DevTools WebSocket, which only the guarded relays connect to. */
  readonly browserEndpoint: string;
  /** The guarded loopback relay to it, for the sandbox (see internal-endpoint.ts). */
  readonly cdpEndpoint: string;
  private lastActive: Date;
  private lastWritten = 0;
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    init: SessionInit,
    readonly context: BrowserContext,
    endpoints: { browser: string; internal: string },
    /** Frees what the session held besides its browser: its profile folder, its relay path. */
    readonly release: () => Promise<void>,
    private readonly hooks: { onDue(session: LiveSession, reason: SessionEndReason): void; persistTouch(at: Date): void },
  ) {
    this.id = init.id;
    this.teamId = init.teamId;
    this.apiKeyId = init.apiKeyId;
    this.scrapeId = init.scrapeId;
    this.profileName = init.profileName;
    this.streamWebView = init.streamWebView;
    this.createdAt = init.createdAt;
    this.expiresAt = init.expiresAt;
    this.activityTtlMs = init.activityTtlMs;
    this.lastActive = init.createdAt;
    this.browserEndpoint = endpoints.browser;
    this.cdpEndpoint = endpoints.internal;
  }

  get lastActivity(): Date {
    return this.lastActive;
  }

  /** The page code acts on: the newest open one, or a fresh one when the caller closed them all. */
  async page(): Promise<Page> {
    const open = this.context.pages().filter((p) => !p.isClosed());
    return open.at(-1) ?? this.context.newPage();
  }

  touch(now = new Date()): void {
    this.lastActive = now;
    if (now.getTime() - this.lastWritten >= TOUCH_WRITE_MS) {
      this.lastWritten = now.getTime();
      this.hooks.persistTouch(now);
    }
  }

  /** Runs `work` as activity: the idle clock does not run out under code that is still executing. */
  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    this.touch();
    try {
      return await work();
    } finally {
      this.running--;
      this.touch();
    }
  }

  /** Starts the clocks; call once the session is ready for use. */
  start(): void {
    this.arm();
  }

  stop(): void {
    this.ended = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    if (this.ended) return;
    const now = Date.now();
    const idleAt = this.lastActive.getTime() + this.activityTtlMs;
    if (now >= this.expiresAt.getTime()) return this.hooks.onDue(this, 'ttl');
    if (now >= idleAt && this.running === 0) return this.hooks.onDue(this, 'idle');
    // Touches only move the idle time later, so waking at the earlier of the two and
    // looking again is enough; no timer is reset per command.
    const next = Math.min(this.expiresAt.getTime(), this.running > 0 ? now + 1_000 : idleAt);
    this.timer = setTimeout(() => this.arm(), Math.max(50, next - now));
    this.timer.unref();
  }
}
