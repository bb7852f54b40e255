import dns from 'node:dns';
import net, { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { EgressError } from './errors.js';
import { type HostOverride, pinnedAddress } from './host-overrides.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a hostname to every address it has; injectable so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (dns.lookup), with the operator's pinned names (TRAWL_RESOLVE) answered first. */
export function systemResolver(overrides: readonly HostOverride[] = []): Resolver {
  return (hostname) => {
    const pinned = pinnedAddress(overrides, hostname);
    if (pinned) return Promise.resolve([{ address: pinned, family: net.isIPv6(pinned) ? 6 : 4 }]);
    return dns.promises.lookup(hostname, { all: true, hints: dns.ADDRCONFIG });
  };
}

export function blockedAddressError(
  host: string,
  address: string,
  reason: string,
  stage: 'precheck' | 'connect',
): EgressError {
  const target = host === address ? address : `${host} (${address})`;
  return new EgressError('EGRESS_BLOCKED_ADDRESS', `refusing to connect to ${target}: ${reason} address`, {
    address,
    reason,
    stage,
  });
}

function noAddresses(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no addresses for ${hostname}`), { code: 'ENOTFOUND' });
}

/**
 * Resolves `host` (an IP literal stands for itself) and keeps the addresses the policy
 * allows, in resolver order; refuses the host when none is left. Unallowed records are
 * dropped rather than failing the host, so e.g. `localhost` with 127.0.0.1 allow-listed
 * still works while ::1 is never dialled. Resolver failures are passed on as thrown.
 */
export async function resolveAllowed(
  host: string,
  policy: AddressPolicy,
  resolve: Resolver,
  family: 0 | 4 | 6 = 0,
): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  const resolved = literal !== 0 ? [{ address: host, family: literal }] : await resolve(host);
  const candidates = family === 0 ? resolved : resolved.filter((a) => a.family === family);
  const allowed = candidates.filter((a) => policy(a.address).allowed);
  if (allowed.length > 0) return allowed;
  const refused = candidates[0];
  if (!refused) throw noAddresses(host);
  throw blockedAddressError(host, refused.address, policy(refused.address).reason, literal !== 0 ? 'precheck' : 'connect');
}

/**
 * net/tls call this instead of dns.lookup and connect only to what it returns, so the
 * address that was checked is the address that gets the socket: a DNS answer that changes
 * between a check and the connect (rebinding) has nothing to slip through.
 */
function guardedLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolveAllowed(hostname, policy, resolve, family).then(
      (allowed) => {
        const first = allowed[0]!;
        if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

export interface ConnectGuardedOptions {
  policy: AddressPolicy;
  resolve: Resolver;
  connectTimeoutMs: number;
  /** Aborting it fails the attempt with EGRESS_ABORTED. */
  signal?: AbortSignal;
}

/** A plain TCP connect with a deadline and an abort signal; errors are Node's, or EGRESS_ABORTED. */
export function dial(host: string, port: number, timeoutMs: number, signal: AbortSignal | undefined): Promise<net.Socket> {
  return new Promise((done, fail) => {
    const socket = net.connect({ host, port });
    const reject = (err: Error): void => {
      cleanup();
      socket.destroy();
      fail(err);
    };
    const onAbort = (): void => reject(new EgressError('EGRESS_ABORTED', 'connect aborted: the client went away'));
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`connect timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    const cleanup = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.off('error', reject);
    };
    socket.once('error', reject);
    socket.once('connect', () => {
      cleanup();
      done(socket);
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A raw TCP socket to `host:port` under the same rules as the HTTP client's connector,
 * for callers that relay bytes themselves (the browser's egress proxy): the address that
 * was checked is the one dialled, trying each allowed address in turn.
 */
export async function connectGuarded(host: string, port: number, options: ConnectGuardedOptions): Promise<net.Socket> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let allowed: ResolvedAddress[];
  try {
    allowed = await resolveAllowed(bare, options.policy, options.resolve);
  } catch (err) {
    if (err instanceof EgressError) throw err;
    throw new EgressError('EGRESS_DNS', `DNS lookup failed for ${bare}: ${(err as Error).message}`, { cause: err });
  }
  let lastError: unknown;
  for (const { address } of allowed) {
    try {
      return await dial(address, port, options.connectTimeoutMs, options.signal);
    } catch (err) {
      if (err instanceof EgressError) throw err;
      lastError = err;
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  throw new EgressError('EGRESS_CONNECT', `could not connect to ${bare}:${port}: ${message}`, { cause: lastError });
}

export interface GuardedConnectorOptions {
  policy: AddressPolicy;
  resolve: Resolver;
  connectTimeoutMs: number;
  rejectUnauthorized: boolean;
}

export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.connectTimeoutMs,
    rejectUnauthorized: options.rejectUnauthorized,
    lookup: guardedLookup(options.policy, options.resolve),
  });
  return (opts, callback) => {
    // net skips the lookup for IP literals, so they are checked here. The client already
    // refused them before dispatch; this keeps the connector safe on its own.
    if (isIP(opts.hostname) !== 0) {
      const verdict = options.policy(opts.hostname);
      if (!verdict.allowed) {
        callback(blockedAddressError(opts.hostname, opts.hostname, verdict.reason, 'connect'), null);
        return;
      }
    }
    connect(opts, callback);
  };
}
