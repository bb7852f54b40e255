import { randomUUID } from 'node:crypto';
import type { MonitorCreateRequest, MonitorTarget, MonitorUpdateRequest, MonitorWebhook } from '../api/index.js';
import type { Config } from '../config.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { Schedule } from './schedule.js';

export type Target = MonitorTarget & { id: string };
export type EmailNotification = { enabled: boolean; recipients?: string[] | undefined; includeDiffs: boolean };
export type Notification = { email?: EmailNotification | undefined };

/** What a monitor is configured with, as kept in the store. */
export interface MonitorConfig {
  name: string;
  schedule: Schedule;
  /** Parsed (defaults filled in): what checks run. */
  targets: Target[];
  /** As the caller wrote them, ids added: what reads answer. */
  targetsView: Record<string, unknown>[];
  webhook: MonitorWebhook | null;
  notification: Notification | null;
  retentionDays: number;
  goal: string | null;
  /** judgeEnabled as the caller set it; judging is on when a goal is set and this is not false. */
  judgeFlag: boolean | null;
  /** Public origin of the server when the monitor was written, for the URLs in its pages' Documents. */
  baseUrl: string;
  /** The key that created the monitor, which its scrapes are recorded under. */
  apiKeyId: string | null;
}

const EMAIL_NEEDS_SMTP = 'E-mail notifications need an SMTP server: the operator must set TRAWL_SMTP_URL';
const EMAIL_NEEDS_RECIPIENTS = 'E-mail notifications need at least one address in notification.email.recipients';

const GOAL_REQUIRED = 'A goal is required for search targets unless judgeEnabled is false';

const withoutId = (view: Record<string, unknown>) => {
  const { id: _id, ...rest } = view;
  return JSON.stringify(rest);
};

/**
 * Targets with their ids: the caller's, else the id of an existing target
 * written the same way (so that re-sending the list on update keeps each
 * target's change history), else a new one.
 */
function identify(parsed: MonitorTarget[], raw: unknown, existing: MonitorConfig | null): Pick<MonitorConfig, 'targets' | 'targetsView'> {
  const sent = Array.isArray(raw) ? (raw as unknown[]) : [];
  const known = new Map(existing?.targetsView.map((v) => [withoutId(v), v.id as string]) ?? []);
  const used = new Set<string>();
  const targets: Target[] = [];
  const targetsView: Record<string, unknown>[] = [];
  parsed.forEach((target, i) => {
    const view = typeof sent[i] === 'object' && sent[i] !== null ? { ...(sent[i] as Record<string, unknown>) } : {};
    let id = target.id ?? known.get(withoutId(view));
    if (!id || used.has(id)) id = randomUUID();
    used.add(id);
    targets.push({ ...target, id });
    targetsView.push({ ...view, id });
  });
  return { targets, targetsView };
}

function checkNotification(notification: Notification | null, config: Config): void {
  const email = notification?.email;
  if (!email?.enabled) return;
  if (!config.smtpUrl) throw new TrawlError('INVALID_REQUEST', EMAIL_NEEDS_SMTP);
  if (!email.recipients?.length) throw new TrawlError('INVALID_REQUEST', EMAIL_NEEDS_RECIPIENTS);
}

export function configFromCreate(
  body: MonitorCreateRequest,
  rawTargets: unknown,
  config: Config,
  origin: Pick<MonitorConfig, 'baseUrl' | 'apiKeyId'>,
): MonitorConfig {
  const notification = body.notification ?? null;
  checkNotification(notification, config);
  return {
    name: body.name,
    schedule: body.schedule,
    ...identify(body.targets, rawTargets, null),
    webhook: body.webhook ?? null,
    notification,
    retentionDays: body.retentionDays,
    goal: body.goal ?? null,
    judgeFlag: body.judgeEnabled ?? null,
    ...origin,
  };
}

export function configFromUpdate(current: MonitorConfig, body: MonitorUpdateRequest, rawTargets: unknown, config: Config): MonitorConfig {
  const next: MonitorConfig = { ...current };
  if (body.name !== undefined) next.name = body.name;
  if (body.schedule !== undefined) next.schedule = body.schedule;
  if (body.targets !== undefined) Object.assign(next, identify(body.targets, rawTargets, current));
  if (body.webhook !== undefined) next.webhook = body.webhook;
  if (body.notification !== undefined) next.notification = body.notification;
  if (body.retentionDays !== undefined) next.retentionDays = body.retentionDays;
  if (body.goal !== undefined) next.goal = body.goal;
  if (body.judgeEnabled !== undefined) next.judgeFlag = body.judgeEnabled;
  if (next.judgeFlag !== false && !next.goal?.trim() && next.targets.some((t) => t.type === 'search')) {
    throw new TrawlError('INVALID_REQUEST', GOAL_REQUIRED);
  }
  checkNotification(next.notification, config);
  return next;
}
