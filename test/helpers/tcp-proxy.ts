import net from 'node:net';

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Cuts every connection and refuses new ones, as a backend that went away. */
  cut(): Promise<void>;
  /** Accepts and forwards again, as the backend coming back. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A 127.0.0.1 TCP proxy in front of a backend (Redis, PostgreSQL) that a test
 * can cut and resume, so a process can lose its backend without the test
 * stopping a server other tests share.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const to = new URL(target);
  const targetPort = Number(to.port);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // Either end going away takes the other one with it.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async resume() {
      await listen(port);
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
