import { WebSocket, type RawData } from 'ws';
import { guardCdpMessage } from './cdp-guard.js';

// Screenshots and page content come back in single messages: allow large ones either way.
export const CDP_MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export interface RelayHooks {
  /** A command went to the browser: the session is in use. */
  onCommand(): void;
}

const text = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');

/**
 * Joins an accepted client socket to the session's Chromium, every command passing the
 * guard (cdp-guard.ts) on its way in. Either side closing closes the other.
 */
export function relayCdp(client: WebSocket, browserEndpoint: string, hooks: RelayHooks): void {
  const upstream = new WebSocket(browserEndpoint, { maxPayload: CDP_MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const waiting: string[] = [];
  const end = (code = 1000, reason = ''): void => {
    if (client.readyState === WebSocket.OPEN) client.close(code, reason);
    else if (client.readyState === WebSocket.CONNECTING) client.terminate();
    if (upstream.readyState === WebSocket.OPEN) upstream.close();
    else if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
  };

  client.on('message', (data) => {
    const verdict = guardCdpMessage(text(data));
    if ('answer' in verdict) {
      client.send(verdict.answer);
      return;
    }
    hooks.onCommand();
    if (upstream.readyState === WebSocket.OPEN) upstream.send(verdict.forward);
    else waiting.push(verdict.forward);
  });
  upstream.on('open', () => {
    for (const message of waiting.splice(0)) upstream.send(message);
  });
  upstream.on('message', (data, isBinary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('close', () => end(1001, 'The browser session ended'));
  upstream.on('error', () => end(1011, 'The browser session is not reachable'));
  client.on('close', () => end());
  client.on('error', () => end());
}
