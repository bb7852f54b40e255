import type { Queue } from '../jobs/queue.js';
import type { MonitorRecord } from '../store/monitors.js';
import type { Store } from '../store/store.js';
import { launchCheck } from './check.js';
import type { MonitorConfig } from './config.js';
import { nextRunAfter } from './schedule.js';

export interface SchedulerOptions {
  /** How often due monitors are looked for; schedules run at most every 5 minutes. */
  tickMs?: number;
  /** The clock; tests move it to simulate downtime. */
  now?: () => Date;
  log?: { error(obj: object, msg?: string): void };
}

/** Due monitors handled per tick; the rest are found on the next one. */
const BATCH = 100;

/**
 * Starts the checks of monitors whose run is due. Several schedulers may
 * share one store (Trawl scaled out): each run is claimed by a
 * compare-and-set of the monitor's `nextRunAt` (MonitorStore.beginCheck), so
 * exactly one of them starts it. The next run is the first one after now,
 * so runs missed while no scheduler was up are caught up once.
 */
export class MonitorScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private readonly now: () => Date;

  constructor(
    private readonly deps: { store: Store; queue: Queue },
    private readonly opts: SchedulerOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tickSafely(), this.opts.tickMs ?? 5000);
    this.timer.unref();
    void this.tickSafely();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  private tickSafely(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.tick()
      .then(() => undefined)
      .catch((err) => this.opts.log?.error({ err }, 'the monitor scheduler failed a tick'))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** Starts every due run this scheduler wins; answers how many checks it recorded (skipped ones included). */
  async tick(): Promise<number> {
    const now = this.now();
    const due = await this.deps.store.monitors.due<MonitorConfig>(now.toISOString(), BATCH);
    let started = 0;
    for (const monitor of due) if (await this.run(monitor, now)) started++;
    return started;
  }

  private async run(monitor: MonitorRecord<MonitorConfig>, now: Date): Promise<boolean> {
    const nextRunAt = nextRunAfter(monitor.config.schedule, now);
    const outcome = await launchCheck(
      this.deps,
      monitor,
      { trigger: 'scheduled', expectedNextRunAt: monitor.nextRunAt!, nextRunAt },
      now,
    );
    return outcome.outcome === 'started' || outcome.outcome === 'overlap';
  }
}
