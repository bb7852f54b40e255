import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  checkProxiedTarget,
  connectGuarded,
  createAddressPolicy,
  dialProxy,
  EgressError,
  proxyAuthorization,
  systemResolver,
  tunnelThrough,
  type AddressPolicyOptions,
  type Resolver,
} from '../egress/index.js';

/** Set on responses the proxy made up itself, so a refused main document is not taken for the site's answer. */
export const EGRESS_ERROR_HEADER = 'x-trawl-egress-error';

export interface EgressProxyOptions extends AddressPolicyOptions {
  resolve?: Resolver;
  /** Per upstream connection attempt. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * Operator's forward proxy, `http(s)://[user:pass@]host:port`, that every upstream
   * connection goes through instead of going direct: CONNECT for tunnels, absolute-form
   * for plain http. Targets are checked against the policy before being handed to it.
   */
  upstreamProxy?: string;
}

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's `--proxy-server`. */
  readonly url: string;
  /**
   * Why the last connection to `host:port` failed, if it did within the last minute.
   * Chromium reports a refused CONNECT only as ERR_TUNNEL_CONNECTION_FAILED, so this is
   * how a render learns that its page was refused and why.
   */
  failureFor(host: string, port: number): EgressError | undefined;
  close(): Promise<void>;
}

const FAILURE_TTL_MS = 60_000;
const MAX_FAILURES = 1024;

// RFC 9110 §7.6.1 connection-specific fields, plus the proxy's own.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

function failureStatus(err: EgressError): number {
  return err.code === 'EGRESS_BLOCKED_ADDRESS' ? 403 : err.code === 'EGRESS_TIMEOUT' ? 504 : 502;
}

function asEgressError(err: unknown): EgressError {
  if (err instanceof EgressError) return err;
  return new EgressError('EGRESS_NETWORK', `proxy upstream failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}

function splitAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1]!, port } : undefined;
}

/**
 * An HTTP forward proxy on 127.0.0.1 whose every upstream connection passes the egress
 * address policy. Chromium is pointed at it for all traffic, loopback included, so page
 * loads, subresources, fetches, redirects and websockets are all held to the same rules as
 * the HTTP engine, with DNS resolved here rather than in the browser. With `upstreamProxy`
 * it relays through the operator's proxy, so the browser needs no proxy settings of its own.
 */
export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const policy = createAddressPolicy(options);
  const resolve = options.resolve ?? systemResolver(options.hostOverrides);
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const chained = options.upstreamProxy === undefined ? undefined : new URL(options.upstreamProxy);
  const chainedAuth = chained && proxyAuthorization(chained);
  const failures = new Map<string, { error: EgressError; at: number }>();
  const tunnels = new Set<Duplex>();

  // URL.hostname keeps IPv6 brackets and CONNECT authorities carry them too; the key does not.
  const key = (host: string, port: number): string => `${host.replace(/^\[(.*)\]$/, '$1').toLowerCase()}:${port}`;
  const remember = (host: string, port: number, error: EgressError): void => {
    const k = key(host, port);
    failures.delete(k);
    failures.set(k, { error, at: Date.now() });
    if (failures.size > MAX_FAILURES) failures.delete(failures.keys().next().value!);
  };

  async function viaChained(proxy: URL, host: string, port: number, mode: 'tunnel' | 'forward', signal: AbortSignal): Promise<Socket> {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    try {
      await checkProxiedTarget(bare, policy, resolve);
    } catch (err) {
      if (err instanceof EgressError) throw err;
      throw new EgressError('EGRESS_DNS', `DNS lookup failed for ${bare}: ${(err as Error).message}`, { cause: err });
    }
    const dial = { connectTimeoutMs, signal };
    return mode === 'tunnel' ? tunnelThrough(proxy, bare, port, dial) : dialProxy(proxy, dial);
  }

  /**
   * A socket carrying `host:port`'s traffic: `tunnel` gives a raw stream to the target;
   * `forward` gives one to whoever takes an http request for it, the target itself or, when
   * chained, the upstream proxy (which then needs the absolute-form request).
   */
  async function upstream(host: string, port: number, client: Duplex, mode: 'tunnel' | 'forward'): Promise<Socket> {
    const gone = new AbortController();
    const onClose = (): void => gone.abort();
    client.once('close', onClose);
    try {
      const socket = chained
        ? await viaChained(chained, host, port, mode, gone.signal)
        : await connectGuarded(host, port, { policy, resolve, connectTimeoutMs, signal: gone.signal });
      failures.delete(key(host, port));
      return socket;
    } catch (err) {
      const error = asEgressError(err);
      if (error.code !== 'EGRESS_ABORTED') remember(host, port, error);
      throw error;
    } finally {
      client.off('close', onClose);
    }
  }

  function refuse(res: ServerResponse, error: EgressError): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(failureStatus(error), {
      'content-type': 'text/plain; charset=utf-8',
      [EGRESS_ERROR_HEADER]: error.code,
      connection: 'close',
    });
    res.end(`${error.message}\n`);
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '';
    const target = URL.canParse(raw) ? new URL(raw) : undefined;
    if (target?.protocol !== 'http:') {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('this proxy only forwards absolute http:// requests and CONNECT\n');
      return;
    }
    const port = Number(target.port) || 80;
    let socket: Socket;
    try {
      socket = await upstream(target.hostname, port, req.socket, 'forward');
    } catch (err) {
      refuse(res, asEgressError(err));
      return;
    }
    const out = http.request({
      method: req.method,
      path: chained ? target.href : target.pathname + target.search,
      headers: chainedAuth ? [...endToEnd(req.rawHeaders), 'proxy-authorization', chainedAuth] : endToEnd(req.rawHeaders),
      setHost: false,
      createConnection: () => socket,
    });
    out.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('error', (err) => {
      socket.destroy();
      refuse(res, asEgressError(err));
    });
    res.on('close', () => out.destroy());
    req.pipe(out);
  }

  async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    tunnels.add(client);
    client.on('error', () => client.destroy());
    client.once('close', () => tunnels.delete(client));
    const authority = splitAuthority(req.url ?? '');
    if (!authority) {
      client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    let socket: Socket;
    try {
      socket = await upstream(authority.host, authority.port, client, 'tunnel');
    } catch (err) {
      const error = asEgressError(err);
      if (!client.destroyed) {
        client.end(
          `HTTP/1.1 ${failureStatus(error)} Egress Refused\r\n${EGRESS_ERROR_HEADER}: ${error.code}\r\n` +
            'Connection: close\r\nContent-Length: 0\r\n\r\n',
        );
      }
      return;
    }
    if (client.destroyed) {
      socket.destroy();
      return;
    }
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    socket.setNoDelay(true);
    socket.on('error', () => client.destroy());
    client.on('error', () => socket.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.write(head);
    socket.pipe(client);
    client.pipe(socket);
  }

  const server = http.createServer((req, res) => {
    forward(req, res).catch(() => res.destroy());
  });
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnel(req, client, head).catch(() => client.destroy());
  });
  server.on('clientError', (_err, socket: Duplex) => socket.destroy());

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    failureFor(host, targetPort) {
      const entry = failures.get(key(host, targetPort));
      return entry && Date.now() - entry.at <= FAILURE_TTL_MS ? entry.error : undefined;
    },
    close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      return closed;
    },
  };
}
