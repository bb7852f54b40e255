import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface Carried {
  /** `GET`, `POST`…, or `CONNECT`. */
  method: string;
  /** The absolute URL of a forwarded request, or the `host:port` of a tunnel. */
  target: string;
  proxyAuthorization: string | undefined;
}

export interface ForwardProxy {
  /** `http://[user:pass@]127.0.0.1:<port>` */
  readonly url: string;
  readonly carried: Carried[];
  /** TCP connections accepted from clients: fewer than requests means keep-alive reuse. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A minimal forward proxy on 127.0.0.1 standing in for the operator's: absolute-form http
 * and CONNECT, recording everything it carried. With `credentials` (`user:pass`, URL-encoded) it answers
 * 407 to requests without them.
 */
export async function startForwardProxy(options: { credentials?: string } = {}): Promise<ForwardProxy> {
  const carried: Carried[] = [];
  // Credentials come URL-encoded, as they appear in the proxy URL.
  const expected = options.credentials && `Basic ${Buffer.from(decodeURIComponent(options.credentials)).toString('base64')}`;
  const sockets = new Set<Duplex>();

  const server = http.createServer((req, res) => {
    const auth = req.headers['proxy-authorization'];
    carried.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: auth });
    if (expected && auth !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', connection: 'close' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const out = http.request(
      { host: target.hostname, port: target.port || 80, method: req.method, path: target.pathname + target.search, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const auth = req.headers['proxy-authorization'];
    carried.push({ method: 'CONNECT', target: req.url ?? '', proxyAuthorization: auth });
    if (expected && auth !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = net.connect({ host: host!.replace(/^\[|\]$/g, ''), port: Number(port) });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });

  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.credentials ? `${options.credentials}@` : ''}127.0.0.1:${port}`,
    carried,
    get connections() {
      return connections;
    },
    close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}
