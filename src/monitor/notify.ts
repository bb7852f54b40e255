import { randomUUID } from 'node:crypto';
import type { CheckPage, CheckRecord, CheckSummary } from '../store/monitors.js';
import type { WebhookOutbox } from '../store/webhooks.js';
import type { WebhookPayload } from '../webhooks/payload.js';
import type { MonitorConfig } from './config.js';
import type { Mailer } from './email.js';

/** Something a subscriber would want to hear about. */
export const changedSomething = (s: CheckSummary) => s.changed + s.new + s.removed > 0;

const noteworthy = (p: CheckPage) => p.status !== 'same';

/**
 * Writes the check's deliveries to the webhook outbox (§16), which signs,
 * sends and retries them: a `monitor.page` per page that did not stay the
 * same, then `monitor.check.completed`, the check's final event. The check
 * id is the job id the outbox orders them by.
 */
export async function recordWebhooks(
  outbox: WebhookOutbox,
  config: MonitorConfig,
  check: CheckRecord,
  pages: CheckPage[],
): Promise<'queued' | 'none'> {
  const webhook = config.webhook;
  if (!webhook) return 'none';
  const { url, headers, metadata, events } = webhook;
  await outbox.subscribe(check.id, { url, headers, metadata, events });
  const at = new Date().toISOString();
  const record = async (key: string, type: string, final: boolean, success: boolean, data: unknown[], error?: string) => {
    const payload: WebhookPayload = { success, type, id: check.id, webhookId: randomUUID(), data, metadata, ...(error && { error }), timestamp: at };
    const delivery = (events as string[]).includes(type) ? { webhookId: payload.webhookId, url, headers, body: JSON.stringify(payload) } : null;
    await outbox.record({ jobId: check.id, key, final, delivery });
  };
  for (const page of pages.filter(noteworthy)) {
    await record(`page:${page.id}`, 'monitor.page', false, page.status !== 'error', [
      {
        monitorId: check.monitorId,
        checkId: check.id,
        url: page.url,
        status: page.status,
        previousScrapeId: page.previousScrapeId,
        currentScrapeId: page.currentScrapeId,
        error: page.error,
        isMeaningful: null,
        judgment: null,
        diff: page.diff,
      },
    ], page.error ?? undefined);
  }
  const clean = check.summary.error === 0 && check.status !== 'failed';
  await record('end', 'monitor.check.completed', true, clean, [
    { monitorId: check.monitorId, checkId: check.id, status: check.status, summary: check.summary },
  ], clean ? undefined : (check.error ?? `${check.summary.error} page(s) failed`));
  return 'queued';
}

function describePage(page: CheckPage, withDiff: boolean): string {
  const lines = [`[${page.status}] ${page.url}${page.error ? ` — ${page.error}` : ''}`];
  if (withDiff && page.diff) {
    if (page.diff.text) lines.push(page.diff.text.trimEnd());
    const json = page.diff.json as Record<string, unknown> | undefined;
    if (json && !('files' in json)) lines.push(JSON.stringify(json, null, 2));
  }
  return lines.join('\n');
}

/** The e-mail of a check that changed something: each page that did not stay the same, with its diff when asked. */
export function checkEmail(config: MonitorConfig, check: CheckRecord, pages: CheckPage[], checkUrl: string) {
  const s = check.summary;
  const counts = [`${s.changed} changed`, `${s.new} new`, `${s.removed} removed`, ...(s.error ? [`${s.error} failed`] : [])];
  const withDiffs = config.notification?.email?.includeDiffs ?? false;
  const text = [
    `Monitor "${config.name}" found changes in check ${check.id} (${counts.join(', ')}, ${s.same} unchanged).`,
    '',
    ...pages.filter(noteworthy).map((p) => `${describePage(p, withDiffs)}\n`),
    `Details: ${checkUrl}`,
  ].join('\n');
  return { subject: `[Trawl] ${config.name}: ${counts.join(', ')}`, text };
}

export async function sendEmail(
  mailer: Mailer | null,
  config: MonitorConfig,
  check: CheckRecord,
  pages: CheckPage[],
  checkUrl: string,
): Promise<string> {
  const email = config.notification?.email;
  if (!email?.enabled || !email.recipients?.length) return 'none';
  if (!changedSomething(check.summary)) return 'skipped_no_changes';
  if (!mailer) return 'failed: no SMTP server is configured (TRAWL_SMTP_URL)';
  try {
    await mailer.send({ to: email.recipients, ...checkEmail(config, check, pages, checkUrl) });
    return 'sent';
  } catch (err) {
    return `failed: ${err instanceof Error ? err.message : String(err)}`;
  }
}
