import net, { isIP } from 'node:net';
import tls from 'node:tls';
import type { AddressPolicy } from './address-policy.js';
import { blockedAddressError, dial, type Resolver } from './connector.js';
import { EgressError } from './errors.js';

/**
 * Why `raw` cannot be an upstream proxy URL (`http(s)://[user:pass@]host[:port]`), or
 * undefined when it can.
 */
export function proxyUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL; expected http(s)://[user:pass@]host:port';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must use http:// or https://, not ${url.protocol}//`;
  }
  if (!url.hostname) return 'has no host';
  if (url.pathname !== '/' || url.search || url.hash) return 'must not have a path, query or fragment';
  if (url.username && !url.password) return 'has a user name but no password';
  return undefined;
}

/** The `Proxy-Authorization` value for the credentials in a proxy URL, if it has any. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username) return undefined;
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/**
 * The target check for a request handed to an upstream proxy. The proxy resolves the name
 * again and connects wherever its own answer points, so here EVERY address must pass (the
 * direct path can instead dial only the allowed ones), and a DNS answer that changes
 * between this check and the proxy's lookup (rebinding) is the proxy operator's concern.
 * Resolver failures are passed on as thrown.
 */
export async function checkProxiedTarget(host: string, policy: AddressPolicy, resolve: Resolver): Promise<void> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = isIP(bare);
  const resolved = literal !== 0 ? [{ address: bare, family: literal }] : await resolve(bare);
  if (resolved.length === 0) throw Object.assign(new Error(`no addresses for ${bare}`), { code: 'ENOTFOUND' });
  for (const { address } of resolved) {
    const verdict = policy(address);
    if (!verdict.allowed) throw blockedAddressError(bare, address, verdict.reason, literal !== 0 ? 'precheck' : 'connect');
  }
}

export interface ProxyDialOptions {
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

/**
 * A connection to the proxy itself. Its address is exempt from the address policy, since
 * operators run proxies on their LAN; only this configured host gets the exemption, and
 * every target sent through it is still checked (checkProxiedTarget). Errors leave the
 * address out: they can reach API callers.
 */
export async function dialProxy(proxy: URL, options: ProxyDialOptions): Promise<net.Socket> {
  const host = proxy.hostname.startsWith('[') ? proxy.hostname.slice(1, -1) : proxy.hostname;
  const secure = proxy.protocol === 'https:';
  const port = Number(proxy.port) || (secure ? 443 : 80);
  let socket: net.Socket;
  try {
    socket = await dial(host, port, options.connectTimeoutMs, options.signal);
  } catch (err) {
    if (err instanceof EgressError) throw err;
    throw new EgressError('EGRESS_CONNECT', 'the configured proxy could not be reached', { cause: err });
  }
  if (!secure) return socket;
  return new Promise((done, fail) => {
    const secured = tls.connect({ socket, servername: isIP(host) === 0 ? host : undefined });
    secured.once('secureConnect', () => {
      secured.off('error', onError);
      done(secured);
    });
    const onError = (err: Error): void => {
      secured.destroy();
      fail(new EgressError('EGRESS_TLS', `TLS to the configured proxy failed: ${err.message}`, { cause: err }));
    };
    secured.once('error', onError);
  });
}

const MAX_PROXY_HEAD = 16 * 1024;

/**
 * A tunnel to `host:port` through the proxy (HTTP CONNECT). Resolves with the socket once
 * the proxy answered 200; anything else fails with the proxy's status in the message.
 */
export async function tunnelThrough(proxy: URL, host: string, port: number, options: ProxyDialOptions): Promise<net.Socket> {
  const socket = await dialProxy(proxy, options);
  const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const auth = proxyAuthorization(proxy);
  return new Promise((done, fail) => {
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => finish(new EgressError('EGRESS_TIMEOUT', 'the configured proxy did not answer CONNECT in time')), options.connectTimeoutMs);
    const onAbort = (): void => finish(new EgressError('EGRESS_ABORTED', 'connect aborted: the client went away'));
    const onError = (err: Error): void =>
      finish(new EgressError('EGRESS_NETWORK', `the configured proxy failed during CONNECT: ${err.message}`, { cause: err }));
    const onClose = (): void => finish(new EgressError('EGRESS_NETWORK', 'the configured proxy closed the connection during CONNECT'));
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_PROXY_HEAD) finish(new EgressError('EGRESS_NETWORK', 'the configured proxy sent an oversized CONNECT answer'));
        return;
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1];
      if (status !== '200') {
        const seen = status ? `HTTP ${status}` : 'a malformed answer';
        finish(new EgressError('EGRESS_NETWORK', `the configured proxy refused CONNECT ${authority} with ${seen}`));
        return;
      }
      const rest = head.subarray(end + 4);
      finish();
      // Without a 'data' listener a flowing socket drops bytes until the caller pipes it.
      socket.pause();
      if (rest.length > 0) socket.unshift(rest);
      done(socket);
    };
    const finish = (err?: EgressError): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (err) {
        socket.destroy();
        fail(err);
      }
    };
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.write(
      `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
    );
  });
}
