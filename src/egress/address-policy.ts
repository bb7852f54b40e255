import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HostOverride } from './host-overrides.js';

export interface AddressVerdict {
  allowed: boolean;
  /** Stable, kebab-case: `public`, `allowed-cidr`, `private-network-allowed`, or why it was refused. */
  reason: string;
}

export interface AddressPolicyOptions {
  /**
   * Lets every non-public class through (intranet deployments, tests) — except cloud
   * metadata endpoints, which only an explicit `allowedCidrs` entry can open, because
   * reaching them hands out the host's cloud credentials.
   */
  allowPrivateNetwork?: boolean;
  /** Specific ranges to allow even though they are not public, e.g. `10.1.2.0/24`. */
  allowedCidrs?: readonly string[];
  /**
   * Names pinned to addresses before DNS (TRAWL_RESOLVE). Not part of the verdict: it rides
   * along so that every client built from the operator's rules resolves as they said.
   */
  hostOverrides?: readonly HostOverride[];
}

export type AddressPolicy = (ip: string) => AddressVerdict;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, DigitalOcean, Oracle, OpenStack…
  '169.254.170.2', // AWS ECS task credentials
  '169.254.170.23', // AWS EKS pod identity
  '169.254.0.23', // Tencent Cloud
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:ec2::23', // AWS EKS pod identity over IPv6
].map((ip) => ipaddr.parse(ip).toNormalizedString()));

const PUBLIC: AddressVerdict = Object.freeze({ allowed: true, reason: 'public' });

const REASONS: Record<string, string> = {
  linkLocal: 'link-local',
  carrierGradeNat: 'cgnat',
  uniqueLocal: 'unique-local',
  ipv4Mapped: 'ipv4-mapped',
  deprecatedSiteLocal: 'site-local',
  rfc6052: 'nat64',
  rfc6145: 'ipv4-translated',
  as112v6: 'as112',
  droneRemoteIdProtocolEntityTags: 'drone-remote-id',
};

function parse(ip: string): Address | undefined {
  // Only canonical literals: ipaddr.js also accepts inet_aton forms (octal, hex, 32-bit
  // integers) that nothing upstream (URL parser, DNS) hands us, so they mean a caller bug.
  if (isIP(ip) === 0) return undefined;
  try {
    return ipaddr.parse(ip);
  } catch {
    return undefined;
  }
}

/** IPv6 forms that carry an IPv4 destination the network will actually reach. */
function embeddedIPv4(addr: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const p = addr.parts;
  const low = (): ipaddr.IPv4 =>
    new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145') return low();
  // Only the well-known /96 NAT64 prefix places the IPv4 address in the low 32 bits.
  if (range === 'rfc6052' && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return low();
  return undefined;
}

/** The IPv4 address a 6to4 or Teredo address tunnels to, for a more useful refusal reason. */
function tunnelledIPv4(addr: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const p = addr.parts;
  if (range === '6to4') return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  if (range === 'teredo') {
    // Teredo stores the client's IPv4 address inverted in the last 32 bits.
    const a = p[6]! ^ 0xffff;
    const b = p[7]! ^ 0xffff;
    return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
  }
  return undefined;
}

function isIPv4Compatible(addr: ipaddr.IPv6): boolean {
  // ::a.b.c.d (deprecated); `::` and `::1` are classified by ipaddr.js already.
  const p = addr.parts;
  return p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1);
}

function refusal(addr: Address, range: string): AddressVerdict {
  // Every metadata address sits in a non-public range, so public ones skip this lookup.
  if (METADATA_ADDRESSES.has(addr.toNormalizedString())) return { allowed: false, reason: 'cloud-metadata' };
  return { allowed: false, reason: REASONS[range] ?? range };
}

function strictVerdict(addr: Address): AddressVerdict {
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const range = v6.range();
    const embedded = embeddedIPv4(v6, range);
    if (embedded) {
      const inner = strictVerdict(embedded);
      return inner.allowed ? inner : { allowed: false, reason: `${REASONS[range] ?? range}:${inner.reason}` };
    }
    const tunnelled = tunnelledIPv4(v6, range);
    if (tunnelled) {
      const inner = strictVerdict(tunnelled);
      return { allowed: false, reason: inner.allowed ? range : `${range}:${inner.reason}` };
    }
    if (range === 'unicast' && isIPv4Compatible(v6)) return { allowed: false, reason: 'ipv4-compatible' };
    return range === 'unicast' ? PUBLIC : refusal(v6, range);
  }
  const range = addr.range();
  return range === 'unicast' ? PUBLIC : refusal(addr, range);
}

/** Classifies an IP literal under the default policy: only public unicast addresses pass. */
export function classifyAddress(ip: string): AddressVerdict {
  const addr = parse(ip);
  return addr ? strictVerdict(addr) : { allowed: false, reason: 'invalid' };
}

export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const cidrs = (options.allowedCidrs ?? []).map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr.trim());
    } catch {
      throw new Error(`invalid CIDR in allowedCidrs: ${JSON.stringify(cidr)}`);
    }
  });
  const allowPrivate = options.allowPrivateNetwork === true;

  const inAllowedCidr = (addr: Address): boolean => {
    const candidates: Address[] = [addr];
    if (addr.kind() === 'ipv6') {
      const v6 = addr as ipaddr.IPv6;
      const embedded = embeddedIPv4(v6, v6.range());
      if (embedded) candidates.push(embedded);
    }
    return candidates.some((a) => cidrs.some((cidr) => a.kind() === cidr[0].kind() && a.match(cidr)));
  };

  const decide = (ip: string): AddressVerdict => {
    const addr = parse(ip);
    if (!addr) return { allowed: false, reason: 'invalid' };
    if (cidrs.length > 0 && inAllowedCidr(addr)) return { allowed: true, reason: 'allowed-cidr' };
    const verdict = strictVerdict(addr);
    if (verdict.allowed || !allowPrivate || verdict.reason.endsWith('cloud-metadata')) return verdict;
    return { allowed: true, reason: 'private-network-allowed' };
  };

  // Checked on every request to an IP-literal URL and every new connection; a crawl hits
  // the same few addresses over and over, and parsing dominates the cost of a check.
  const cache = new Map<string, AddressVerdict>();
  return (ip) => {
    let verdict = cache.get(ip);
    if (verdict === undefined) {
      if (cache.size >= 4096) cache.clear();
      verdict = Object.freeze(decide(ip));
      cache.set(ip, verdict);
    }
    return verdict;
  };
}
