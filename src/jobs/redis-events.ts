import { type JobEvent, type JobEventListener, type JobEvents, type JobEventsLog, LocalJobEvents } from './events.js';
import type { RedisBus } from './redis-bus.js';

const CHANNEL = 'job-events';

/**
 * Job events across processes: an event reaches this process's listeners
 * first (awaited, as `emit` promises), then every other process through Redis
 * pub/sub, so a WebSocket watcher on an API process hears the pages a worker
 * process records.
 *
 * `local` sees only what this process emits. The webhook outbox listens
 * there: each event is then written once, by the process that emitted it,
 * before `emit` resolves, and a pub/sub message lost while a process
 * restarts costs no delivery.
 */
export class RedisJobEvents implements JobEvents {
  readonly local: LocalJobEvents;
  private readonly remote: LocalJobEvents;

  private constructor(
    private readonly bus: RedisBus,
    private readonly log: JobEventsLog,
  ) {
    this.local = new LocalJobEvents(log);
    this.remote = new LocalJobEvents(log);
  }

  static async start(bus: RedisBus, log: JobEventsLog): Promise<RedisJobEvents> {
    const events = new RedisJobEvents(bus, log);
    await bus.on(CHANNEL, (event) => void events.remote.emit(event as JobEvent));
    return events;
  }

  async emit(event: JobEvent): Promise<void> {
    await this.local.emit(event);
    // Observers must not fail the job: a Redis outage only delays watchers, who also poll the store.
    await this.bus.publish(CHANNEL, event).catch((err) => this.log.error({ err, jobId: event.job.id }, 'publishing a job event failed'));
  }

  subscribe(listener: JobEventListener): () => void {
    const offLocal = this.local.subscribe(listener);
    const offRemote = this.remote.subscribe(listener);
    return () => {
      offLocal();
      offRemote();
    };
  }
}
