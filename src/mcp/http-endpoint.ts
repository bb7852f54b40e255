import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate, authorizationOf } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { injectApi } from './inject-api.js';
import { buildMcpServer } from './tools.js';

export const MCP_PATH = '/mcp';

/**
 * MCP over Streamable HTTP at /mcp, stateless: every POST gets a fresh tool server
 * and transport, so nothing is kept between requests, any process behind a balancer
 * can answer, and a key revoked between calls stops working at once. With no
 * sessions there is no server-to-client stream, so GET and DELETE answer 405.
 */
export function registerMcpEndpoint(app: FastifyInstance, deps: { store: Store; config: Pick<Config, 'auth'> }): void {
  app.post(MCP_PATH, async (req, reply) => {
    // Before the hand-over, so a bad key gets the API's own 401 envelope.
    await authenticate(deps.store, deps.config.auth, authorizationOf(req));
    const server = buildMcpServer(injectApi(app, req.headers.authorization));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // Headers Fastify's hooks set (CORS) would be lost with the hijack.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
  const noSessions = async (_req: unknown, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; POST only.' }, id: null });
  app.get(MCP_PATH, noSessions);
  app.delete(MCP_PATH, noSessions);
}
