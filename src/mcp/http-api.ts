import { parseBody, type TrawlApi, type Upload } from './api.js';

/** Trawl's API at `baseUrl` over HTTP, as the stdio entry reaches a running server. */
export function httpApi(baseUrl: string, apiKey: string | undefined): TrawlApi & { upload: Upload } {
  const root = baseUrl.replace(/\/+$/, '');
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string | FormData) => {
    const res = await fetch(root + path, { method, headers: { ...auth, ...headers }, body });
    return { status: res.status, body: parseBody(await res.text()) };
  };
  return {
    call: (method, path, body) =>
      body === undefined ? send(method, path, {}) : send(method, path, { 'content-type': 'application/json' }, JSON.stringify(body)),
    upload: (path, form) => send('POST', path, {}, form),
  };
}
