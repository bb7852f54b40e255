import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Takes a WebSocket upgrade it recognises (answering true) or leaves it to the next one. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/**
 * The one 'upgrade' listener of the API server: job watchers (§17), browser-session
 * DevTools and live views each claim their own paths; anything unclaimed is a 404.
 */
export class UpgradeRouter {
  private readonly handlers: UpgradeHandler[] = [];
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    for (const handle of this.handlers) if (handle(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };

  constructor(private readonly server: Server) {
    server.on('upgrade', this.onUpgrade);
  }

  add(handler: UpgradeHandler): void {
    this.handlers.push(handler);
  }

  close(): void {
    this.server.off('upgrade', this.onUpgrade);
  }
}
