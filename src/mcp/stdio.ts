import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { httpApi } from './http-api.js';
import { buildMcpServer } from './tools.js';

/**
 * MCP over stdio for clients that launch tools as processes: the tools call a running
 * Trawl over HTTP. Stdout carries the protocol only; nothing else may print there.
 */
export async function serveStdio(apiUrl: string, apiKey: string | undefined): Promise<void> {
  const api = httpApi(apiUrl, apiKey);
  const server = buildMcpServer(api, { upload: api.upload });
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
}
