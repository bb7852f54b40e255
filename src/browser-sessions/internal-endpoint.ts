import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { CDP_MAX_MESSAGE_BYTES, relayCdp, type RelayHooks } from './cdp-relay.js';

interface Target extends RelayHooks {
  browserEndpoint: string;
}

/**
 * The DevTools endpoint handed to the sandbox's `node` code: a loopback relay with the
 * same guard as the public `cdpUrl`, so code run on the caller's behalf can do no more
 * than the caller could over the wire. Each session is reached by an unguessable path.
 */
export class InternalCdpEndpoint {
  private readonly targets = new Map<string, Target>();
  private server: http.Server | undefined;
  private starting: Promise<number> | undefined;

  /** Returns the `ws://127.0.0.1:…` URL for this session; `forget` removes it. */
  async register(target: Target): Promise<{ url: string; forget(): void }> {
    const port = await this.listen();
    const secret = randomBytes(24).toString('base64url');
    this.targets.set(secret, target);
    return { url: `ws://127.0.0.1:${port}/devtools/browser/${secret}`, forget: () => void this.targets.delete(secret) };
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.starting = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }

  private listen(): Promise<number> {
    this.starting ??= new Promise<number>((resolve, reject) => {
      const wss = new WebSocketServer({ noServer: true, maxPayload: CDP_MAX_MESSAGE_BYTES, perMessageDeflate: false });
      const server = http.createServer((_req, res) => res.writeHead(404).end());
      server.on('upgrade', (req, socket, head) => {
        const secret = /^\/devtools\/browser\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const target = secret ? this.targets.get(secret) : undefined;
        if (!target) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => relayCdp(ws, target.browserEndpoint, target));
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        this.server = server;
        resolve((server.address() as AddressInfo).port);
      });
    });
    return this.starting;
  }
}
