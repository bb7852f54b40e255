import type { Redis } from 'ioredis';

/** Where Redis connection trouble is told (a pino logger in production). */
export interface RedisLog {
  error(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Redis could not be reached or dropped the connection, as opposed to refusing a command. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return Boolean(e && ((e.code && CONNECTION_CODES.has(e.code)) || /Connection is closed|Stream isn't writeable/i.test(e.message ?? '')));
}

/**
 * Says once that Redis went away and once that it is back, for all the
 * connections of a process: ioredis reports every reconnect attempt of every
 * connection, which buries the one fact an operator needs in stack traces.
 */
export class RedisHealth {
  private readonly down = new Set<Redis>();

  constructor(private readonly log: RedisLog) {}

  watch(c: Redis): void {
    c.on('error', (err: Error) => this.failed(c, err));
    c.on('ready', () => this.back(c));
  }

  /** An error an emitter (a connection, a BullMQ queue or worker) reported. */
  failed(c: Redis | null, err: unknown): void {
    if (!isConnectionError(err)) return this.log.error({ err }, 'Redis error');
    const first = this.down.size === 0;
    if (c) this.down.add(c);
    if (!first) return;
    const why = (err as { code?: string; message?: string }).code ?? (err as Error).message;
    this.log.error({ redis: why }, `Redis is unreachable (${why}): reconnecting; queued work, events and rate limits wait until it is back`);
  }

  private back(c: Redis): void {
    if (!this.down.delete(c) || this.down.size > 0) return;
    (this.log.info ?? this.log.error).call(this.log, {}, 'Redis is reachable again: work resumes');
  }
}
