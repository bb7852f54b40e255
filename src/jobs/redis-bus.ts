import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisHealth, type RedisLog } from './redis-health.js';

/**
 * A connection as BullMQ wants it: commands wait for a reconnect instead of
 * failing after a few retries, so a Redis restart delays work rather than
 * failing it.
 */
export function connectRedis(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false });
}

/** Quits politely when connected; a connection still trying to reach Redis would wait for it. */
export async function closeRedis(c: Redis): Promise<void> {
  if (c.status === 'ready') await c.quit();
  else c.disconnect();
}

type Handler = (message: unknown) => void;

/**
 * Broadcasts between the processes of one Trawl: every process hears every
 * message on a channel except its own, which its publisher has already handed
 * to local listeners. Pub/sub keeps nothing: a process that is down misses
 * what was said meanwhile, so only hints travel here (work is available, a job
 * ended), never state; the store stays the truth.
 */
export class RedisBus {
  /** Tells this process's own messages apart when they come back. */
  readonly origin = randomUUID();
  readonly redis: Redis;
  /** One line when Redis goes away and one when it is back, for every connection of this process. */
  readonly health: RedisHealth;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    url: string,
    /** Namespaces every key and channel, so Trawls can share one Redis. */
    readonly prefix: string,
    private readonly log: RedisLog,
  ) {
    this.redis = connectRedis(url, `${prefix}:commands`);
    this.sub = connectRedis(url, `${prefix}:events`);
    this.sub.on('message', (channel: string, raw: string) => this.dispatch(channel, raw));
    // ioredis reconnects by itself; without listeners its errors would be thrown as unhandled.
    this.health = new RedisHealth(log);
    for (const c of [this.redis, this.sub]) this.health.watch(c);
  }

  key(name: string): string {
    return `${this.prefix}:${name}`;
  }

  /** Subscribes before resolving, so nothing published after it is missed. */
  async on(channel: string, handler: Handler): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(this.key(channel));
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.redis.publish(this.key(channel), JSON.stringify({ origin: this.origin, message }));
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub, this.redis].map(closeRedis));
  }

  private dispatch(channel: string, raw: string) {
    const set = this.handlers.get(channel.slice(this.prefix.length + 1));
    if (!set?.size) return;
    let parsed: { origin: string; message: unknown };
    try {
      parsed = JSON.parse(raw);
    } catch (err) {
      this.log.error({ err, channel }, 'an unreadable message arrived from Redis');
      return;
    }
    if (parsed.origin === this.origin) return;
    for (const h of set) {
      try {
        h(parsed.message);
      } catch (err) {
        this.log.error({ err, channel }, 'a Redis message listener failed');
      }
    }
  }
}
