import type Firecrawl from '@mendable/firecrawl-js';
import type { MonitorCheckDetail } from '@mendable/firecrawl-js';

/** Polls a monitor check the way a user would, until it has finished one way or the other. */
export async function waitForCheck(fc: Firecrawl, monitorId: string, checkId: string): Promise<MonitorCheckDetail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const check = await fc.getMonitorCheck(monitorId, checkId);
    if (check.status !== 'queued' && check.status !== 'running') return check;
    if (Date.now() > deadline) throw new Error(`check ${checkId} still ${check.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs a manual check (§12.8) and waits for it. */
export async function runCheck(fc: Firecrawl, monitorId: string): Promise<MonitorCheckDetail> {
  return waitForCheck(fc, monitorId, (await fc.runMonitor(monitorId)).id);
}
