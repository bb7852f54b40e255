import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  path: string;
  /** The request body parsed as JSON, else undefined. */
  body: any;
  status: number;
  /** The response body parsed as JSON, else undefined. */
  answer: any;
}

export interface Recorder {
  /** Give this to the client as its API URL. */
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

function json(bytes: Buffer): any {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of Trawl that keeps every request and answer,
 * so a test can show what a published client sent by default and how Trawl answered it (a
 * client that retries on an answer hides the first exchange from its own result).
 */
export async function startRecorder(target: string): Promise<Recorder> {
  const exchanges: Exchange[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) headers.set(name, String(value));
    }
    const upstream = await fetch(target + (req.url ?? '/'), {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    const answer = Buffer.from(await upstream.arrayBuffer());
    exchanges.push({ method: req.method ?? 'GET', path: req.url ?? '/', body: json(body), status: upstream.status, answer: json(answer) });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
