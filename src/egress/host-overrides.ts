import net from 'node:net';

/**
 * Static name → address pins consulted before DNS (TRAWL_RESOLVE), like
 * curl's --resolve or an /etc/hosts entry: for names a private network does
 * not publish, and for test hosts. Each egress client gets them with its rules
 * (two Trawls in one process may pin differently). The pinned address still goes
 * through the address policy like any other.
 */
export interface HostOverride {
  /** `name` for that host only, `*.name` for every host below it. */
  pattern: string;
  address: string;
}

export function pinnedAddress(overrides: readonly HostOverride[], hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const { pattern, address } of overrides) {
    const p = pattern.toLowerCase();
    if (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p) return address;
  }
  return undefined;
}

/** Parses `name=address,*.name=address`; answers the problems with each entry. */
export function parseHostOverrides(raw: string): { entries: HostOverride[]; problems: string[] } {
  const entries: HostOverride[] = [];
  const problems: string[] = [];
  for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [pattern, address] = item.split('=').map((s) => s?.trim() ?? '');
    if (!pattern || !address || !/^(\*\.)?[a-z0-9.-]+$/i.test(pattern) || !net.isIP(address)) {
      problems.push(`TRAWL_RESOLVE: "${item}" is not name=address (e.g. intranet.example=10.1.2.3 or *.corp.example=10.1.2.3)`);
      continue;
    }
    entries.push({ pattern, address });
  }
  return { entries, problems };
}
