import type { TaskStore } from '../store/tasks.js';
import { BullMQQueue } from './bullmq/queue.js';
import type { LocalQueueOptions } from './local-queue.js';
import { RedisBus } from './redis-bus.js';
import type { RedisLog } from './redis-health.js';
import { RedisJobEvents } from './redis-events.js';
import { RedisLease } from './redis-lease.js';

/** What the processes of one Trawl share through Redis (REDIS_URL). */
export interface SharedRedis {
  bus: RedisBus;
  queue: BullMQQueue;
  events: RedisJobEvents;
  /** Held by the one process that sends webhook deliveries; every process writes them to the outbox. */
  webhookSender: RedisLease;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** The URL without its password, for messages. */
function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export async function startSharedRedis(
  url: string,
  prefix: string,
  tasks: TaskStore,
  queueOptions: LocalQueueOptions,
  log: RedisLog,
): Promise<SharedRedis> {
  const bus = new RedisBus(url, prefix, log);
  try {
    // Commands wait for Redis while it is away (see connectRedis): at start-up, say so instead of hanging.
    let timer: NodeJS.Timeout | undefined;
    const unreachable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Cannot reach Redis at REDIS_URL (${redacted(url)}) within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    });
    await Promise.race([bus.redis.ping(), unreachable]).finally(() => clearTimeout(timer));
    const events = await RedisJobEvents.start(bus, log);
    const queue = await BullMQQueue.start(tasks, { ...queueOptions, bus, redisUrl: url, log });
    const webhookSender = new RedisLease(bus, 'webhook-sender', log);
    await webhookSender.start();
    return {
      bus,
      queue,
      events,
      webhookSender,
      async close() {
        await webhookSender.stop();
        await queue.close();
        await bus.close();
      },
    };
  } catch (err) {
    await bus.close();
    throw err;
  }
}
