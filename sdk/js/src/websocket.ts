/** The part of the WebSocket API the watcher uses, common to browsers, Node 22+ and the `ws` package. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/**
 * The runtime's WebSocket, else the optional `ws` package (Node 20 has no
 * stable global one), else undefined: the watcher then polls.
 */
export async function loadWebSocket(): Promise<SocketFactory | undefined> {
  const native = (globalThis as { WebSocket?: new (url: string, protocols: string[]) => SocketLike }).WebSocket;
  if (typeof native === 'function') return (url, protocols) => new native(url, protocols);
  try {
    const mod = (await import('ws')) as unknown as { default?: unknown; WebSocket?: unknown };
    const Ws = (mod.default ?? mod.WebSocket) as new (url: string, protocols: string[]) => SocketLike;
    return typeof Ws === 'function' ? (url, protocols) => new Ws(url, protocols) : undefined;
  } catch {
    return undefined;
  }
}
