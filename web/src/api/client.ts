import { apiKey, signOut } from './session.js';

/** A refusal from the API, with the contract's error envelope (§1.7) read out. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }

  /** The capability is not built on this server (§1.8). */
  get notAvailable(): boolean {
    return this.status === 501;
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One call to the API with the signed-in key. A 401 on a call made with the
 * stored key means that key no longer works (revoked): the dashboard signs
 * out instead of showing every screen's error.
 */
export async function api<T = any>(method: Method, path: string, body?: unknown, key = apiKey()): Promise<T> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload });
  const text = await res.text();
  let parsed: any = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): the text itself is the best message.
  }
  if (!res.ok || parsed?.success === false) {
    const message = parsed?.error ?? (text.trim() || `${res.status} ${res.statusText}`);
    if (res.status === 401 && key && key === apiKey()) signOut();
    throw new ApiFailure(res.status, String(message), parsed?.code);
  }
  return parsed as T;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiFailure) return `${err.message} (HTTP ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}
