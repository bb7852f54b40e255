import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { authenticate, bearerToken } from '../auth/authenticate.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { UpgradeHandler } from '../http/upgrades.js';
import type { Store } from '../store/store.js';
import { CDP_MAX_MESSAGE_BYTES, relayCdp } from './cdp-relay.js';
import { sessionGone } from './handlers/sessions.js';
import type { BrowserSessions } from './index.js';
import type { LiveSession } from './session.js';

const PATH = /^\/v2\/(?:browser|interact)\/([^/?#]+)\/(cdp|live\/stream)(?:\?.*)?$/;

export interface SessionUpgradeDeps {
  sessions: BrowserSessions;
  store: Store;
  /** False (TRAWL_AUTH=off): the key is not asked for; a token still is not needed. */
  auth: boolean;
}

function refuse(socket: Duplex, err: TrawlError): void {
  const body = JSON.stringify({ success: false, error: err.message });
  socket.end(
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * WebSockets of browser sessions on the API server: `…/{id}/cdp` joins the caller to the
 * session's DevTools (the team's key as a Bearer header or `?key=`, or the `?token=` of
 * the returned `cdpUrl`), and `…/{id}/live/stream` feeds the live-view page (its token only).
 * Refusals are plain HTTP answers before the handshake, which CDP clients report as such.
 */
export function sessionUpgrades(deps: SessionUpgradeDeps): UpgradeHandler {
  const wss = new WebSocketServer({ noServer: true, maxPayload: CDP_MAX_MESSAGE_BYTES, perMessageDeflate: false });

  async function admitCdp(req: IncomingMessage, query: URLSearchParams, session: LiveSession | undefined, id: string): Promise<LiveSession> {
    const token = query.get('token');
    if (token && session && deps.sessions.tokens.verify('cdp', id, token)) return session;
    const key = query.get('key') ?? (token && !token.includes('.') ? token : null);
    const authorization = bearerToken(req.headers.authorization) ? req.headers.authorization : key ? `Bearer ${key}` : undefined;
    const { team } = await authenticate(deps.store, deps.auth, authorization);
    if (!session) {
      const stored = await deps.store.browserSessions.get(id);
      if (!stored) throw new TrawlError('RESOURCE_NOT_FOUND', 'Browser session not found.');
      if (stored.teamId !== team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
      throw sessionGone();
    }
    if (session.teamId !== team.id) throw new TrawlError('FORBIDDEN', 'Forbidden.');
    return session;
  }

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, id: string, kind: string): Promise<void> {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const session = deps.sessions.manager.get(id);
    if (kind === 'live/stream') {
      const token = query.get('token') ?? '';
      const interactive = deps.sessions.tokens.verify('control', id, token);
      if (!session || !(interactive || deps.sessions.tokens.verify('live', id, token))) {
        return refuse(socket, new TrawlError('UNAUTHORIZED', 'The live view link is invalid or the session has ended'));
      }
      wss.handleUpgrade(req, socket, head, (ws) => deps.sessions.manager.liveView(session).add(ws, { interactive }));
      return;
    }
    const admitted = await admitCdp(req, query, session, id);
    wss.handleUpgrade(req, socket, head, (ws) => relayCdp(ws, admitted.browserEndpoint, { onCommand: () => admitted.touch() }));
  }

  return (req, socket, head) => {
    const match = PATH.exec(req.url ?? '');
    if (!match || req.headers.upgrade?.toLowerCase() !== 'websocket') return false;
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      return false;
    }
    admit(req, socket, head, id, match[2]!).catch((err) => {
      if (err instanceof TrawlError) refuse(socket, err);
      else socket.destroy();
    });
    return true;
  };
}
