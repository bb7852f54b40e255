import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientEnv, outboundConnections, ROOT, startHarbour } from './harbour.js';
import { type Recorder, startRecorder } from './recorder.js';

// The published firecrawl-mcp (pinned in package.json), started over stdio exactly as an MCP
// host starts it, with only FIRECRAWL_API_URL and FIRECRAWL_API_KEY set, and driven by the
// official MCP client. Each tool is called with only the arguments it requires, so the
// request bodies are the server's own defaults.
const MCP_SERVER = path.join(ROOT, 'node_modules', 'firecrawl-mcp', 'dist', 'index.js');

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** What a tool returned: its structured content, else its first text block parsed as JSON, else that text. */
function payload(result: ToolResult): any {
  if (result.structuredContent) return result.structuredContent;
  const text = (result.content as { type: string; text?: string }[]).find((c) => c.type === 'text')?.text ?? '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function ok(result: ToolResult): any {
  assert.ok(!result.isError, `tool answered an error: ${JSON.stringify(result.content)}`);
  return payload(result);
}

describe('firecrawl-mcp over stdio against Trawl', () => {
  let s: TestServer;
  let site: Site;
  let recorder: Recorder;
  let client: Client;
  let home: string;
  let stderr = '';

  before(async () => {
    [s, site] = await Promise.all([startTestServer({ TRAWL_RATE_LIMITS: 'off' }), startHarbour()]);
    recorder = await startRecorder(s.url);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-compat-mcp-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_SERVER],
      env: clientEnv(recorder.url, s.key, home),
      cwd: home,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    client = new Client({ name: 'trawl-compat', version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (err) {
      throw new Error(`firecrawl-mcp did not start: ${String(err)}\n${stderr}`);
    }
  });
  after(async () => {
    await client?.close();
    await Promise.all([s?.close(), site?.close(), recorder?.close()]);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('lists the tools an agent uses', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of ['firecrawl_scrape', 'firecrawl_search', 'firecrawl_map', 'firecrawl_crawl', 'firecrawl_check_crawl_status', 'firecrawl_agent', 'firecrawl_parse']) {
      assert.ok(names.includes(name), `${name} missing from ${names.join(', ')}`);
    }
  });

  test('firecrawl_scrape: markdown of the page by default', async () => {
    const doc = ok(await client.callTool({ name: 'firecrawl_scrape', arguments: { url: site.url('/boats') } }));
    assert.match(doc.markdown, /Trawlers and dinghies/);
    assert.equal(doc.metadata.title, 'Boats');
  });

  test('firecrawl_map: the site’s links', async () => {
    const res = ok(await client.callTool({ name: 'firecrawl_map', arguments: { url: site.url('/') } }));
    const urls = res.links.map((l: { url: string }) => l.url);
    for (const p of ['/boats', '/nets', '/fish']) assert.ok(urls.includes(site.url(p)), `${p} not in ${urls.join(', ')}`);
  });

  test('firecrawl_search: the default web + alexandria search falls back to web results', async () => {
    // Search answers from pages Trawl has scraped; put the fish page in its index first.
    ok(await client.callTool({ name: 'firecrawl_scrape', arguments: { url: site.url('/fish'), maxAge: 0 } }));
    const sent = recorder.exchanges.length;
    const res = ok(await client.callTool({ name: 'firecrawl_search', arguments: { query: 'mackerel herring' } }));
    // Its first request asks for the cloud-only catalogue too; Trawl answers as Firecrawl answers
    // a team without it, and the client asks again for web results alone.
    const searches = recorder.exchanges.slice(sent).filter((e) => e.path === '/v2/search');
    assert.deepEqual(
      searches.map((e) => [e.body.sources, e.status, e.answer.error]),
      [
        [['web', 'alexandria'], 403, 'This endpoint is not enabled for this team.'],
        [['web'], 200, undefined],
      ],
    );
    assert.ok(res.data.web.some((r: { url: string }) => r.url === site.url('/fish')), JSON.stringify(res));
  });

  test('firecrawl_crawl polls the crawl to its end; firecrawl_check_crawl_status reads it again', async () => {
    const res = ok(await client.callTool({ name: 'firecrawl_crawl', arguments: { url: site.url('/') } }));
    assert.equal(res.status, 'completed');
    const titles = (d: { metadata: { title: string } }[]) => d.map((x) => x.metadata.title).sort();
    assert.deepEqual(titles(res.data), ['Boats', 'Fish', 'Harbour home', 'Nets']);
    const again = ok(await client.callTool({ name: 'firecrawl_check_crawl_status', arguments: { id: res.id } }));
    assert.equal(again.status, 'completed');
    assert.deepEqual(titles(again.data), ['Boats', 'Fish', 'Harbour home', 'Nets']);
  });

  test('firecrawl_scrape with the query format answers the question in `answer`', async () => {
    const doc = ok(
      await client.callTool({
        name: 'firecrawl_scrape',
        arguments: { url: site.url('/nets'), formats: ['query'], queryOptions: { prompt: 'Who mends the gillnets?' } },
      }),
    );
    const sentFormats = recorder.exchanges.filter((e) => e.path === '/v2/scrape').at(-1)?.body.formats;
    assert.deepEqual(sentFormats, [{ type: 'query', prompt: 'Who mends the gillnets?', mode: 'freeform' }]);
    assert.match(doc.answer, /hand/i);
  });

  test('firecrawl_parse uploads a local file and gets its markdown', async () => {
    const file = path.join(home, 'tide-table.html');
    fs.writeFileSync(file, '<html><head><title>Tide table</title></head><body><h1>Tide table</h1><p>High water at 06:12.</p></body></html>');
    const doc = ok(await client.callTool({ name: 'firecrawl_parse', arguments: { filePath: file } }));
    assert.match(doc.data.markdown, /High water at 06:12/);
  });

  test('firecrawl_agent starts a run; firecrawl_agent_status reads its result', async () => {
    const started = ok(
      await client.callTool({ name: 'firecrawl_agent', arguments: { prompt: 'Which fish are named on this page?', urls: [site.url('/fish')] } }),
    );
    assert.ok(started.id, JSON.stringify(started));
    let status: any;
    for (let i = 0; i < 120; i++) {
      status = ok(await client.callTool({ name: 'firecrawl_agent_status', arguments: { id: started.id } }));
      if (status.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(status.status, 'completed', JSON.stringify(status));
    assert.match(JSON.stringify(status.data), /Fish/);
  });

  test('firecrawl_credit_usage: the team’s balance', async () => {
    const usage = ok(await client.callTool({ name: 'firecrawl_credit_usage', arguments: {} }));
    assert.equal(typeof usage.remainingCredits, 'number');
  });

  test('the MCP server talked to Trawl only, and Trawl refused nothing but the cloud-only search source', () => {
    assert.deepEqual(outboundConnections(home), []);
    assert.deepEqual(
      recorder.exchanges.filter((e) => e.status >= 400).map((e) => [e.method, e.path, e.status]),
      [['POST', '/v2/search', 403]],
    );
  });
});
