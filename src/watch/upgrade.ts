import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { batchScrapeResource } from '../batch/job.js';
import { crawlResource } from '../crawl/job.js';
import { authenticate } from '../auth/authenticate.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { UpgradeRouter } from '../http/upgrades.js';
import { CLOSE, closeUnexpected, closeWith } from './frames.js';
import { watchJob, type WatchDeps } from './stream.js';

/** The job sockets of §17.1, on the same paths as the jobs' status reads. */
const WATCHED = [crawlResource, batchScrapeResource].map((r) => ({
  kind: r.kind,
  pattern: new RegExp(`^${r.path.replace(/\//g, '\\/')}\\/([^/?#]+)(?:\\?.*)?$`),
}));

export interface WatcherDeps extends WatchDeps {
  /** False (TRAWL_AUTH=off): every client is the default team. */
  auth: boolean;
}

export interface Watchers {
  /** Ends every open socket (1001) and stops taking new ones. */
  close(): void;
}

/**
 * Job sockets on the API's own HTTP server: an upgrade request to a job's
 * status path becomes a watcher (§17); plain GETs never reach here and stay
 * with the routes. The JS SDK sends the key as the subprotocol, which must be
 * echoed for the client to accept the handshake; the Python SDK sends an
 * Authorization header. Refusals come as close codes after the handshake
 * (§17.3), whose JSON reasons say more than an HTTP status would.
 */
export function attachWatchers(upgrades: UpgradeRouter, deps: WatcherDeps): Watchers {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });

  let open = true;
  upgrades.add((req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!open) return false;
    const match = WATCHED.map((w) => ({ kind: w.kind, id: idOf(w.pattern.exec(req.url ?? '')?.[1]) })).find((w) => w.id);
    if (!match || req.headers.upgrade?.toLowerCase() !== 'websocket') return false;
    const jobId = match.id!;
    wss.handleUpgrade(req, socket, head, (ws) => {
      admit(ws, req, match.kind, jobId).catch((err) => closeUnexpected(ws, deps.log, err, 'admitting a job watcher failed'));
    });
    return true;
  });

  async function admit(ws: WebSocket, req: IncomingMessage, kind: string, jobId: string) {
    const protocol = (req.headers['sec-websocket-protocol'] ?? '').split(',')[0]?.trim();
    const authorization = req.headers.authorization ?? (protocol ? `Bearer ${protocol}` : undefined);
    let teamId: string;
    try {
      teamId = (await authenticate(deps.store, deps.auth, authorization)).team.id;
    } catch (err) {
      if (!(err instanceof TrawlError) || err.code !== 'UNAUTHORIZED') throw err;
      return closeWith(ws, CLOSE.unauthorized, err.message);
    }
    const job = await deps.store.jobs.get(jobId);
    const expired = job && job.status !== 'running' && Date.parse(job.expiresAt) <= Date.now();
    if (!job || job.kind !== kind || expired) return closeWith(ws, CLOSE.notFound, 'Job not found');
    if (job.teamId !== teamId) return closeWith(ws, CLOSE.forbidden, 'Forbidden');
    watchJob(ws, job.id, deps);
  }

  return {
    close() {
      open = false;
      for (const ws of wss.clients) ws.close(1001, '{"type":"error","error":"The server is shutting down"}');
      wss.close();
    },
  };
}

/** The path's job id, decoded; undefined when there is none or its escapes are malformed (a listener must not throw). */
function idOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
