import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: any;
}

/**
 * Sends bytes exactly as given (a body that ends early, a header no HTTP client
 * would send) and reads the answer until the server closes the connection.
 * Each item of `parts` is written once the previous one has been flushed.
 */
export function rawRequest(baseUrl: string, parts: (string | Buffer)[], opts: { endAfter?: boolean } = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may stop reading once it has answered; what it answered is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer; got ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let raw = text.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') raw = unchunk(raw);
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Left as text: the assertion will show it.
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.on('connect', async () => {
      for (const p of parts) {
        if (socket.destroyed) return;
        await new Promise<void>((done) => socket.write(p, () => done()));
      }
      if (opts.endAfter) socket.end();
    });
  });
}

function unchunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** The request line and headers of one request, `Connection: close` so the answer ends the exchange. */
export function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return lines.join('\r\n') + '\r\n\r\n';
}
