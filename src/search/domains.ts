/** A domain filter covers the domain itself and every subdomain of it. */
export function hostMatches(host: string, domains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
}

export function urlHost(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** includeDomains/excludeDomains applied to any provider's results. */
export function domainAllowed(url: string, include: readonly string[], exclude: readonly string[]): boolean {
  const host = urlHost(url);
  if (!host) return false;
  if (include.length && !hostMatches(host, include)) return false;
  return !hostMatches(host, exclude);
}
