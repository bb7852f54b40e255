import type { Store } from '../store/store.js';

/**
 * Removes what a capability keeps outside the database for these jobs (files,
 * say). Rows in the database need no hook: they go with the job through their
 * foreign key (see 002-jobs.sql). A hook must be idempotent: if it or the
 * purge after it fails, the next sweep calls it again with the same ids.
 */
export type PurgeHook = (jobIds: string[]) => Promise<void>;

/** Purges data with an expiry of its own (single scrapes, their files) that no job owns. */
export type Sweeper = (now: Date) => Promise<unknown>;

export interface RetentionOptions {
  /** Time between sweeps; the expiry itself (TRAWL_JOB_RETENTION_HOURS) is kept by the store. */
  intervalMs?: number;
  log?: { error(obj: object, msg?: string): void };
}

/** Small enough that one purge does not hold the database for long. */
const BATCH = 500;

/**
 * Purges ended jobs once their `expiresAt` has passed (§1.14), with their
 * tasks and everything keyed by their id, and tasks without a job once the
 * same period has passed since they ended.
 */
export class Retention {
  private readonly hooks: PurgeHook[] = [];
  private readonly sweepers: Sweeper[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | null = null;

  constructor(
    private readonly store: Store,
    private readonly opts: RetentionOptions = {},
  ) {}

  onPurge(hook: PurgeHook): void {
    this.hooks.push(hook);
  }

  addSweeper(sweeper: Sweeper): void {
    this.sweepers.push(sweeper);
  }

  async sweep(now = new Date()): Promise<{ jobs: number; tasks: number }> {
    let jobs = 0;
    for (;;) {
      const ids = await this.store.jobs.expired(now, BATCH);
      if (!ids.length) break;
      for (const hook of this.hooks) await hook(ids);
      jobs += await this.store.jobs.delete(ids);
      if (ids.length < BATCH) break;
    }
    const tasks = await this.store.tasks.purgeExpired(now);
    for (const sweeper of this.sweepers) await sweeper(now);
    return { jobs, tasks };
  }

  /** Sweeps now, then every `intervalMs` (10 minutes by default). */
  start(): void {
    if (this.timer) return;
    const log = this.opts.log ?? { error: (obj: object, msg?: string) => console.error(msg, obj) };
    const run = () => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .catch((err) => log.error({ err }, 'purging expired jobs failed'))
        .finally(() => (this.sweeping = null));
    };
    this.timer = setInterval(run, this.opts.intervalMs ?? 10 * 60_000);
    // Housekeeping alone must not keep the process alive.
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }
}
