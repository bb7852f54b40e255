import type { CheckRecord, MonitorRecord } from '../store/monitors.js';
import type { MonitorConfig } from './config.js';

/** §12.1 Monitor. */
export function monitorView(m: MonitorRecord<MonitorConfig>) {
  const c = m.config;
  const recipients = c.notification?.email?.enabled ? (c.notification.email.recipients ?? []) : [];
  return {
    id: m.id,
    name: c.name,
    status: m.status,
    schedule: c.schedule,
    nextRunAt: m.status === 'active' ? m.nextRunAt : null,
    lastRunAt: m.lastRunAt,
    currentCheckId: m.currentCheckId,
    targets: c.targetsView,
    webhook: c.webhook,
    notification: c.notification,
    // The operator's own SMTP server and the team's own list: no opt-in round trip.
    emailRecipientSubscriptions: recipients.map((email) => ({ email, status: 'confirmed', source: 'team' })),
    retentionDays: c.retentionDays,
    estimatedCreditsPerMonth: null,
    lastCheckSummary: m.lastSummary,
    goal: c.goal,
    judgeEnabled: c.goal !== null && c.judgeFlag !== false,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** §12.1 MonitorCheck. */
export function checkView(c: CheckRecord) {
  return {
    id: c.id,
    monitorId: c.monitorId,
    status: c.status,
    trigger: c.trigger,
    scheduledFor: c.scheduledFor,
    startedAt: c.startedAt,
    finishedAt: c.finishedAt,
    estimatedCredits: null,
    reservedCredits: null,
    actualCredits: c.actualCredits,
    billingStatus: 'not_applicable',
    summary: c.summary,
    targetResults: c.targetResults,
    notificationStatus: c.notificationStatus,
    error: c.error,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
