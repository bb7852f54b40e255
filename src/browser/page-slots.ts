import { BrowserError } from './errors.js';

interface Waiter {
  grant(release: () => void): void;
  fail(err: unknown): void;
}

/**
 * Caps how many pages are open at once. The browser is CPU-bound, so extra pages only add
 * memory and latency; requests beyond the cap wait here, in arrival order.
 */
export class PageSlots {
  private active = 0;
  private readonly waiters: Waiter[] = [];
  private closedWith: BrowserError | undefined;
  private drained: (() => void) | undefined;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`page slots must be a positive integer, got ${size}`);
  }

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** Resolves with the slot's release function; rejects if `signal` aborts first or the slots close. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Refuses new and queued requests, then resolves once every granted slot is released. */
  close(reason: BrowserError): Promise<void> {
    this.closedWith ??= reason;
    for (const waiter of this.waiters.splice(0)) waiter.fail(reason);
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.drained = resolve;
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) {
        next.grant(this.releaser());
        return;
      }
      this.active--;
      if (this.active === 0) this.drained?.();
    };
  }
}
