import { randomUUID } from 'node:crypto';
import type { RedisBus } from './redis-bus.js';
import type { RedisLog } from './redis-health.js';

// Takes the lease when free, renews it when ours: one round trip, no race between the two.
const TAKE_OR_RENEW = `
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if current then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

const GIVE_UP = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * A duty one process at a time performs for all (sending webhooks): the
 * process holding the lease does it, and a process that dies lets it lapse
 * after `ttlMs` for another to take. Holding is re-checked every third of the
 * ttl, so `held` may be briefly true in two processes only if one stalls for
 * longer than that; the duties guarded this way tolerate a rare repeat.
 */
export class RedisLease {
  private readonly token = randomUUID();
  private isHeld = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: RedisBus,
    private readonly name: string,
    private readonly log: RedisLog,
    private readonly ttlMs = 15_000,
  ) {}

  async start(): Promise<void> {
    await this.renew();
    this.timer = setInterval(() => void this.renew(), this.ttlMs / 3);
    this.timer.unref();
  }

  held(): boolean {
    return this.isHeld;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (!this.isHeld) return;
    this.isHeld = false;
    await this.bus.redis.eval(GIVE_UP, 1, this.bus.key(`lease:${this.name}`), this.token).catch(() => undefined);
  }

  private async renew() {
    try {
      const r = await this.bus.redis.eval(TAKE_OR_RENEW, 1, this.bus.key(`lease:${this.name}`), this.token, String(this.ttlMs));
      this.isHeld = r === 1;
    } catch (err) {
      // Unable to tell: stop, since another process may take the lease once ours lapses.
      this.isHeld = false;
      this.log.error({ err, lease: this.name }, 'renewing a Redis lease failed');
    }
  }
}
