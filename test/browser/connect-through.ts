import http, { type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { EgressProxy } from '../../src/browser/egress-proxy.js';

/** Opens a CONNECT tunnel through the browser's egress proxy, as Chromium does for https. */
export function connectThrough(proxy: EgressProxy, authority: string): Promise<{ status: number; headers: IncomingHttpHeaders; socket: Socket }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((done, fail) => {
    const req = http.request({ host: hostname, port, method: 'CONNECT', path: authority, agent: false });
    req.on('connect', (res, socket) => done({ status: res.statusCode ?? 0, headers: res.headers, socket }));
    req.on('error', fail);
    req.end();
  });
}
