import type { TeamThreatProtectionRequest } from '../api/index.js';
import { THREAT_PROTECTION, type TeamThreatPolicy } from '../scrape/threat-protection.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';

/** What a team that never saved a policy gets: Firecrawl's defaults. */
const DEFAULTS = {
  mode: 'off',
  riskScoreThreshold: 75,
  blacklist: [],
  whitelist: [],
  blockedTlds: [],
  failurePolicy: 'closed',
  allowRequestOverrides: true,
};

function effective(saved: TeamThreatPolicy | null) {
  const { updatedAt, ...policy } = saved ?? {};
  return { ...DEFAULTS, ...policy, configured: saved !== null, updatedAt: updatedAt ?? null };
}

/** `GET /v2/team/threat-protection`: the team's effective policy. */
export async function getThreatProtection(deps: { store: Store }, ctx: RequestContext) {
  return { success: true, data: effective(await deps.store.teamSettings.get<TeamThreatPolicy>(ctx.team.id, THREAT_PROTECTION)) };
}

/** `PUT /v2/team/threat-protection`: replaces the policy; every later scrape of the team honours its lists. */
export async function putThreatProtection(deps: { store: Store }, ctx: RequestContext<TeamThreatProtectionRequest>) {
  const now = new Date();
  const { origin: _origin, integration: _integration, ...policy } = ctx.body;
  const saved: TeamThreatPolicy = { ...policy, updatedAt: now.toISOString() };
  await deps.store.teamSettings.put(ctx.team.id, THREAT_PROTECTION, saved, now);
  return { success: true, data: effective(saved) };
}
