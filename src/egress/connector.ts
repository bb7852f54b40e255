import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { EgressError } from './errors.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a hostname to every address it has; injectable so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, hints: dns.ADDRCONFIG });

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

/**
 * net/tls call this instead of dns.lookup and connect only to what it returns, so the
 * address that was checked is the address that gets the socket: a DNS answer that changes
 * between a check and the connect (rebinding) has nothing to slip through.
 */
function guardedLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const candidates = family === 0 ? resolved : resolved.filter((a) => a.family === family);
        // Unallowed records are dropped rather than failing the host, so e.g. `localhost`
        // with 127.0.0.1 allow-listed still works while ::1 is never dialled.
        const allowed = candidates.filter((a) => policy(a.address).allowed);
        const first = allowed[0];
        if (first) {
          if (options.all) callback(null, allowed);
          else callback(null, first.address, first.family);
          return;
        }
        const refused = candidates[0];
        const err = refused
          ? blockedAddressError(hostname, refused.address, policy(refused.address).reason, 'connect')
          : Object.assign(new Error(`no addresses for ${hostname}`), { code: 'ENOTFOUND' });
        callback(err, '', 0);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
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
