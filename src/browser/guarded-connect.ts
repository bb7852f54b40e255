import net from 'node:net';
import { EgressError, type AddressPolicy, type ResolvedAddress, type Resolver } from '../egress/index.js';

export interface GuardedConnectOptions {
  policy: AddressPolicy;
  resolve: Resolver;
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

function blocked(host: string, address: string, reason: string, stage: 'precheck' | 'connect'): EgressError {
  const target = host === address ? address : `${host} (${address})`;
  return new EgressError('EGRESS_BLOCKED_ADDRESS', `refusing to connect to ${target}: ${reason} address`, {
    address,
    reason,
    stage,
  });
}

async function candidates(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  const family = net.isIP(host);
  if (family !== 0) return [{ address: host, family }];
  try {
    return await resolve(host);
  } catch (err) {
    throw new EgressError('EGRESS_DNS', `DNS lookup failed for ${host}: ${(err as Error).message}`, { cause: err });
  }
}

function dial(address: string, port: number, timeoutMs: number, signal: AbortSignal | undefined): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const fail = (err: Error): void => {
      cleanup();
      socket.destroy();
      reject(err);
    };
    const onAbort = (): void => fail(new EgressError('EGRESS_ABORTED', 'connect aborted: the client went away'));
    const timer = setTimeout(
      () => fail(Object.assign(new Error(`connect timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    const cleanup = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.off('error', fail);
    };
    socket.once('error', fail);
    socket.once('connect', () => {
      cleanup();
      resolve(socket);
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves `host`, drops every address the policy refuses, and connects to the first
 * allowed one that answers: the address that was checked is the one that gets the socket,
 * so a DNS answer that changes between check and connect has nothing to slip through.
 * Same rules as the egress client's connector, for callers that need a raw TCP socket.
 */
export async function connectGuarded(host: string, port: number, options: GuardedConnectOptions): Promise<net.Socket> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = net.isIP(bare) !== 0;
  const resolved = await candidates(bare, options.resolve);
  const allowed = resolved.filter((a) => options.policy(a.address).allowed);
  if (allowed.length === 0) {
    const refused = resolved[0];
    if (!refused) throw new EgressError('EGRESS_DNS', `DNS lookup for ${bare} returned no addresses`);
    throw blocked(bare, refused.address, options.policy(refused.address).reason, literal ? 'precheck' : 'connect');
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
