import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MAX_TEXT_CHARS } from '../../src/mcp/text.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const TOOLS = [
  'agent', 'agent_status', 'batch_scrape_start', 'batch_scrape_status', 'browser_create', 'browser_delete', 'browser_execute',
  'crawl_cancel', 'crawl_start', 'crawl_status', 'extract', 'extract_status', 'map', 'monitor_create', 'monitor_list',
  'monitor_run', 'parse', 'scrape', 'search',
];

const page = (title: string, body: string, hrefs: string[] = []) => ({
  html: `<html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}<ul>${hrefs
    .map((h) => `<li><a href="${h}">${h}</a></li>`)
    .join('')}</ul></main></body></html>`,
});

// Paragraphs with numbered words, so the test can tell where a cut happened.
const LONG = Array.from({ length: 1500 }, (_, i) => `<p>Paragraph number ${i} of the long manual about anchors.</p>`).join('');

interface Connected {
  client: Client;
  close(): Promise<void>;
}

async function viaHttp(s: TestServer): Promise<Connected> {
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${s.key}` } } }),
  );
  return { client, close: () => client.close() };
}

async function viaStdio(s: TestServer): Promise<Connected> {
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bin/trawl.js', 'mcp', '--api-url', s.url, '--api-key', s.key],
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  try {
    await client.connect(transport);
  } catch (err) {
    throw new Error(`trawl mcp did not start: ${String(err)}\n${stderr}`);
  }
  return { client, close: () => client.close() };
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? '').join('\n');
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: textOf(result) };
}

describe('Trawl as an MCP tool server', () => {
  let s: TestServer;
  let site: Site;

  before(async () => {
    s = await startTestServer();
    site = await startSite({
      '/': page('Harbour home', '<p>Welcome to the harbour.</p>', ['/boats', '/tides', '/long']),
      '/boats': page('Boats', '<p>Schooners and ketches moor at the eastern quay.</p>', ['/']),
      '/tides': page('Tides', '<p>Tide tables for the harbour.</p>', ['/']),
      '/long': page('Long manual', LONG),
    });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  for (const [transport, connect] of [
    ['Streamable HTTP at /mcp', viaHttp],
    ['stdio (trawl mcp)', viaStdio],
  ] as const) {
    describe(transport, () => {
      let c: Connected;
      before(async () => {
        c = await connect(s);
      });
      after(async () => {
        await c.close();
      });

      test('lists every tool, each with a description and an input schema', async () => {
        const { tools } = await c.client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
        for (const t of tools) {
          assert.ok(t.description && t.description.length > 20, t.name);
          assert.equal(t.inputSchema.type, 'object');
        }
        const parse = tools.find((t) => t.name === 'parse')!;
        // A local path only makes sense where the tool server runs on the caller's machine.
        assert.equal('path' in (parse.inputSchema.properties ?? {}), transport.startsWith('stdio'));
      });

      test('scrape answers the page as markdown', async () => {
        const r = await call(c.client, 'scrape', { url: site.url('/boats'), maxAge: 0 });
        assert.equal(r.isError, false, r.text);
        assert.match(r.text, /^Title: Boats$/m);
        assert.match(r.text, /^# Boats$/m);
        assert.match(r.text, /Schooners and ketches moor at the eastern quay\./);
        assert.ok(r.text.includes(`URL: ${site.url('/boats')} (HTTP 200)`), r.text);
      });

      test('a long page is cut with a note, and offset reads on', async () => {
        const first = await call(c.client, 'scrape', { url: site.url('/long') });
        assert.equal(first.isError, false, first.text);
        assert.ok(first.text.length < MAX_TEXT_CHARS + 1000);
        const m = /Markdown cut at character (\d+) of (\d+)\. Call scrape with the same url and offset=(\d+)/.exec(first.text);
        assert.ok(m, first.text.slice(-300));
        assert.equal(m[1], m[3]);
        const second = await call(c.client, 'scrape', { url: site.url('/long'), offset: Number(m[3]) });
        assert.equal(second.isError, false, second.text);
        assert.match(second.text, /Paragraph number 1499 of the long manual/);
        assert.doesNotMatch(second.text, /Paragraph number 0 of/);
      });

      test('map lists the site\'s links', async () => {
        const r = await call(c.client, 'map', { url: site.url('/'), sitemap: 'skip' });
        assert.equal(r.isError, false, r.text);
        for (const p of ['/boats', '/tides', '/long']) assert.ok(r.text.includes(`- ${site.url(p)}`), r.text);
      });

      test('search finds a page scraped earlier', async () => {
        const r = await call(c.client, 'search', { query: 'schooners ketches' });
        assert.equal(r.isError, false, r.text);
        const data = JSON.parse(r.text);
        assert.equal(data.web[0].url, site.url('/boats'));
      });

      test('crawl: start, then status until completed, reading every page', async () => {
        const started = await call(c.client, 'crawl_start', { url: site.url('/'), limit: 3, sitemap: 'skip', scrapeOptions: { maxAge: 0 } });
        assert.equal(started.isError, false, started.text);
        const id = /id: (\S+)/.exec(started.text)?.[1];
        assert.ok(id, started.text);
        let status = '';
        for (let i = 0; i < 400; i++) {
          const r = await call(c.client, 'crawl_status', { id });
          assert.equal(r.isError, false, r.text);
          status = r.text;
          if (!/"status":"scraping"/.test(status)) break;
          await sleep(50);
        }
        assert.match(status, /"status":"completed"/);
        assert.match(status, /"completed":3/);
        assert.equal(status.match(/^## Document \d+$/gm)?.length, 3, status);
        assert.match(status, /Welcome to the harbour\./);
      });

      test('a bad URL is a tool error carrying the API\'s message; the session carries on', async () => {
        const r = await call(c.client, 'scrape', { url: 'not a url' });
        assert.equal(r.isError, true);
        assert.match(r.text, /^Trawl API error 400: /);
        const again = await call(c.client, 'map', { url: site.url('/'), sitemap: 'skip', limit: 1 });
        assert.equal(again.isError, false, again.text);
      });
    });
  }

  test('/mcp answers 401 in JSON without a valid key, and 405 to GET (stateless)', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    for (const auth of [{}, { authorization: 'Bearer fc-wrong' }] as Record<string, string>[]) {
      const res = await fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth },
        body: JSON.stringify(init),
      });
      assert.equal(res.status, 401);
      const body = (await res.json()) as any;
      assert.equal(body.success, false);
      assert.match(body.error, /^Unauthorized/);
    }
    const get = await s.api('GET', '/mcp');
    assert.equal(get.status, 405);
  });

  test('with TRAWL_AUTH=off the endpoint serves without a key', async () => {
    const open = await startTestServer({ TRAWL_AUTH: 'off' });
    try {
      const client = new Client({ name: 'trawl-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${open.url}/mcp`)));
      const r = await call(client, 'scrape', { url: site.url('/tides') });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /Tide tables for the harbour\./);
      await client.close();
    } finally {
      await open.close();
    }
  });
});
