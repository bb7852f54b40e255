import WebSocket from 'ws';

export interface Session {
  /** Frames in arrival order, parsed. */
  frames: any[];
  /** The protocol the server echoed ('' when none). */
  protocol: string;
  close: { code: number; reason: string };
}

/**
 * Opens a raw job socket and collects everything until the server closes it;
 * rejects on a failed handshake (with its HTTP status in the message).
 */
export function watch(
  url: string,
  opts: { protocol?: string; headers?: Record<string, string>; onOpen?: () => void } = {},
): Promise<Session> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, opts.protocol ? [opts.protocol] : [], { headers: opts.headers ?? {} });
    const frames: any[] = [];
    let protocol = '';
    ws.on('open', () => {
      protocol = ws.protocol;
      opts.onOpen?.();
    });
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`handshake refused: HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('close', (code, reason) => resolve({ frames, protocol, close: { code, reason: reason.toString() } }));
  });
}
