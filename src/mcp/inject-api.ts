import type { FastifyInstance } from 'fastify';
import { parseBody, type TrawlApi } from './api.js';

/**
 * Trawl's API in this process, through Fastify's inject: the same routes, guards and
 * handlers as over the network, without depending on the address the server listens
 * on or opening a loopback connection per tool call. Each call carries the MCP
 * caller's own Authorization header, so the API authenticates and bills that caller.
 */
export function injectApi(app: FastifyInstance, authorization: string | undefined): TrawlApi {
  const auth: Record<string, string> = authorization ? { authorization } : {};
  return {
    async call(method, path, body) {
      const res = await app.inject({
        method,
        url: path,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: parseBody(res.body) };
    },
  };
}
