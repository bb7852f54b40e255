import { z } from 'zod';
import { httpUrl, opt, stringOrObject, strictObject } from './common.js';

/** §2.7: a URL string is shorthand for {url}; the output is always the full object. */
function webhookConfig<const E extends readonly [string, ...string[]]>(events: E) {
  const config = strictObject({
    url: httpUrl.describe('Destination of the deliveries (absolute http(s) URL).'),
    headers: opt(z.record(z.string(), z.string()), {}).describe('Extra headers sent with every delivery.'),
    metadata: opt(z.record(z.string(), z.string()), {}).describe('Echoed back as metadata in every payload.'),
    events: opt(z.array(z.enum(events)), [...events]).describe('Events to deliver; all by default.'),
  });
  const shorthand = z
    .string()
    .transform((url) => ({ url }))
    .pipe(config);
  return stringOrObject(shorthand, config);
}

/** Crawl, batch scrape and extract. */
export const webhook = webhookConfig(['started', 'page', 'completed', 'failed']);
export const agentWebhook = webhookConfig(['started', 'action', 'completed', 'failed', 'cancelled']);
export const monitorWebhook = webhookConfig(['monitor.page', 'monitor.check.completed']);

export type Webhook = z.output<typeof webhook>;
export type AgentWebhook = z.output<typeof agentWebhook>;
export type MonitorWebhook = z.output<typeof monitorWebhook>;
