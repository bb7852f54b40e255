import type { ThreatProtection } from '../api/common.js';
import { ScrapeError } from './errors.js';

/** The team setting's name in the store (`GET/PUT /v2/team/threat-protection`). */
export const THREAT_PROTECTION = 'threatProtection';

/** A team's stored policy: the request fields plus what only the team decides. */
export type TeamThreatPolicy = ThreatProtection & { allowRequestOverrides?: boolean | undefined; updatedAt?: string };

/** `*.example.com`, `.example.com` and `example.com` each cover the domain and its subdomains. */
function covers(entry: string, host: string): boolean {
  const domain = entry.trim().toLowerCase().replace(/^\*?\./, '');
  return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
}

/**
 * Why the policy refuses `url`, or null. The lists are domain controls and
 * apply in every mode, as Firecrawl applies them (the whitelist wins); the
 * risk score and the `normal`/`zscaler` modes need a URL-reputation service
 * that a self-hosted server does not have, so they add nothing here.
 */
export function threatVerdict(policy: ThreatProtection, url: string): string | null {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (policy.whitelist?.some((entry) => covers(entry, host))) return null;
  if (policy.blacklist?.some((entry) => covers(entry, host))) return `${host} is on the team's threat-protection blacklist`;
  const tld = host.split('.').at(-1) ?? '';
  if (policy.blockedTlds?.some((blocked) => blocked.trim().toLowerCase().replace(/^\./, '') === tld)) {
    return `the .${tld} top-level domain is blocked by threat protection`;
  }
  return null;
}

/**
 * Refuses the scrape when the team's policy, with the request's own fields on
 * top (§2.9 override), blocks the URL, or when the request overrides a policy
 * that forbids overrides.
 */
export function assertAllowed(team: TeamThreatPolicy | null, request: ThreatProtection | undefined, url: string): void {
  if (request && team?.allowRequestOverrides === false) {
    throw new ScrapeError('unsafe_domain_blocked', "This team's threat protection does not allow per-request threatProtection overrides.");
  }
  if (!team && !request) return;
  const reason = threatVerdict({ ...team, ...request }, url);
  if (reason) throw new ScrapeError('unsafe_domain_blocked', `Blocked by threat protection: ${reason}.`);
}
