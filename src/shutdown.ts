import type { FastifyBaseLogger } from 'fastify';
import type { Trawl } from './server.js';

/**
 * On SIGTERM or SIGINT: close Trawl (drain the HTTP server, let running tasks
 * finish, flush the outboxes) for at most `deadlineMs`, then exit: 0 when
 * everything closed, 1 when the deadline passed or closing failed. A close can
 * wait forever on a backend that went away; a service manager or a rolling
 * deploy needs the process gone. What is abandoned is not lost: its leases
 * expire and another worker (or this one, restarted) runs it again.
 *
 * A second signal while closing exits at once, as a second Ctrl-C should.
 */
export function exitOnSignals(trawl: Trawl, log: FastifyBaseLogger, deadlineMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ abandoned: trawl.worker.inFlight }, `${signal} again: exiting without waiting for the shutdown to finish`);
      return process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: shutting down (at most ${deadlineMs / 1000} s)`);
    const outcome = await within(trawl.close(), deadlineMs);
    if (outcome === 'closed') return process.exit(0);
    const abandoned = trawl.worker.inFlight;
    const what = abandoned.length
      ? `${abandoned.length} running task(s) abandoned (${abandoned.map((t) => `${t.kind} ${t.id}${t.jobId ? ` of job ${t.jobId}` : ''}`).join(', ')}); their leases expire and they run again`
      : 'no task was running';
    if (outcome === 'timeout') {
      log.error({ abandoned }, `Shutdown did not finish within ${deadlineMs / 1000} s (TRAWL_SHUTDOWN_TIMEOUT_MS), exiting anyway: ${what}`);
    } else {
      log.error({ err: outcome.error, abandoned }, `Shutdown failed, exiting: ${what}`);
    }
    process.exit(1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The last resort: an exception nothing caught leaves this process in a state
 * nobody can vouch for, so it is logged and the process closes (within the
 * same deadline) and exits 1 for the service manager to restart it. Malformed
 * requests never get here: they are answered in the envelope (src/http).
 */
export function exitOnFatal(trawl: Trawl, log: FastifyBaseLogger, deadlineMs: number): void {
  process.once('uncaughtException', async (err) => {
    log.fatal({ err, abandoned: trawl.worker.inFlight }, 'uncaught exception: closing and exiting for the service manager to restart Trawl');
    await within(trawl.close(), deadlineMs);
    process.exit(1);
  });
}

async function within(closing: Promise<void>, ms: number): Promise<'closed' | 'timeout' | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([closing.then(() => 'closed' as const, (error: unknown) => ({ error })), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
