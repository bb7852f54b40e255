import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ShapeOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { z } from 'zod';
import { VERSION } from '../version.js';
import { ApiFailure, type TrawlApi, type Upload, unwrap } from './api.js';
import { MAX_TEXT_CHARS, documentText, jobPageText, json } from './text.js';

export interface ToolOptions {
  /**
   * Given only where the tool server runs on the caller's machine (stdio): `parse`
   * then also takes a local file path. Over HTTP a path would name a file on the
   * server, so it is not offered.
   */
  upload?: Upload;
}

type Shape = Record<string, z.ZodType>;

const id = (what: string) => z.string().min(1).describe(`Id of the ${what}, as returned when it was started.`);
const skip = z.number().int().min(0).optional().describe('Documents to skip: pass the value a cut result names to read on.');
const limit = z.number().int().min(1).optional().describe('Maximum documents the API returns in this page.');

const pageOptions = {
  formats: z
    .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
    .optional()
    .describe(
      'Output formats, default ["markdown"]. Strings: markdown, summary, html, rawHtml, links, images, screenshot. ' +
        'Objects for options, e.g. {"type":"json","prompt":"…","schema":{…}} or {"type":"screenshot","fullPage":true}.',
    ),
  onlyMainContent: z.boolean().optional().describe('Drop navigation, headers and footers (default true).'),
  includeTags: z.array(z.string()).optional().describe('CSS selectors to keep.'),
  excludeTags: z.array(z.string()).optional().describe('CSS selectors to drop.'),
  waitFor: z.number().int().min(0).optional().describe('Milliseconds to wait after load before reading the page (uses a browser).'),
  timeout: z.number().int().min(1).optional().describe('Milliseconds before the scrape gives up.'),
  mobile: z.boolean().optional().describe('Emulate a phone.'),
  maxAge: z.number().int().min(0).optional().describe('Accept a cached copy up to this many milliseconds old; 0 forces a fresh fetch.'),
  headers: z.record(z.string(), z.string()).optional().describe('Extra request headers.'),
  proxy: z.enum(['basic', 'enhanced', 'auto']).optional(),
};

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

const ok = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });

function failure(err: unknown): CallToolResult {
  const text =
    err instanceof ApiFailure ? `Trawl API error ${err.status}: ${err.message}` : `Error: ${err instanceof Error ? err.message : String(err)}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

const q = (params: Record<string, number | string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

const enc = encodeURIComponent;

/**
 * Polls a job's status path until it ends or `waitSeconds` pass: extract and agent
 * runs are asynchronous, but an agent mostly wants the answer in the same call.
 */
async function awaitJob(api: TrawlApi, statusPath: string, waitSeconds: number): Promise<any> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const status = unwrap(await api.call('GET', statusPath));
    if (TERMINAL.has(status.status) || Date.now() >= deadline) return status;
    await sleep(1000);
  }
}

const waitSeconds = z.number().int().min(0).max(300).optional().describe('Seconds to wait for the result before returning the job id (default 60).');

/** The tool set, the same over stdio and HTTP: each tool is one or two calls to Trawl's API. */
export function buildMcpServer(api: TrawlApi, opts: ToolOptions = {}): McpServer {
  const server = new McpServer({ name: 'trawl', version: VERSION });
  const tool = <S extends Shape>(name: string, description: string, shape: S, run: (args: ShapeOutput<S>) => Promise<string>) =>
    server.registerTool(name, { description, inputSchema: shape }, (async (args: ShapeOutput<S>) => {
      try {
        return ok(await run(args));
      } catch (err) {
        return failure(err);
      }
      // The SDK's callback type is conditional on the shape and cannot resolve for a generic S.
    }) as never);
  const post = async (p: string, body: unknown) => unwrap(await api.call('POST', p, body));
  const get = async (p: string) => unwrap(await api.call('GET', p));
  const del = async (p: string) => unwrap(await api.call('DELETE', p));

  tool(
    'scrape',
    `Fetch one web page (or PDF/DOCX) and return it as clean markdown. Long pages are cut at ${MAX_TEXT_CHARS} characters; ` +
      'call again with the `offset` the cut names to read on (the repeat is served from cache).',
    {
      url: z.string().describe('The page to scrape (http or https).'),
      ...pageOptions,
      actions: z.array(z.record(z.string(), z.unknown())).optional().describe('Browser actions before reading, e.g. [{"type":"click","selector":"#more"}].'),
      offset: z.number().int().min(0).optional().describe('Character offset into the markdown, to read a long page on.'),
    },
    async ({ offset, ...body }) => {
      const res = await post('/v2/scrape', body);
      return documentText(res.data, { offset, more: (next) => `Call scrape with the same url and offset=${next} to read on.` });
    },
  );

  tool(
    'batch_scrape_start',
    'Start scraping many URLs at once in the background. Returns a job id; read the pages with batch_scrape_status.',
    { urls: z.array(z.string()).min(1).describe('Pages to scrape.'), ...pageOptions },
    async (body) => {
      const res = await post('/v2/batch/scrape', body);
      return `Batch scrape started. id: ${res.id}\nCall batch_scrape_status with this id until its status is "completed".` +
        (res.invalidURLs?.length ? `\nSkipped invalid URLs: ${res.invalidURLs.join(', ')}` : '');
    },
  );

  tool(
    'batch_scrape_status',
    `Progress and pages of a batch scrape, as markdown. At most ${MAX_TEXT_CHARS} characters per call; the result names the \`skip\` to read on.`,
    { id: id('batch scrape'), skip, limit },
    async ({ id, skip = 0, limit }) =>
      jobPageText(await get(`/v2/batch/scrape/${enc(id)}${q({ skip, limit })}`), {
        skip,
        more: (next) => `Call batch_scrape_status with skip=${next} for the next ones.`,
      }),
  );

  tool(
    'map',
    'List the URLs of a website (from its sitemap and links) without scraping them. Use `search` to rank them by relevance to a topic.',
    {
      url: z.string().describe('Site root or section to map.'),
      search: z.string().optional().describe('Order links by relevance to this text.'),
      limit: z.number().int().min(1).max(100_000).optional().describe('Maximum links (default 5000).'),
      includeSubdomains: z.boolean().optional(),
      sitemap: z.enum(['include', 'skip', 'only']).optional().describe('Use the sitemap too (include), not at all (skip), or only it (only).'),
    },
    async (body) => {
      const res = await post('/v2/map', body);
      const links: any[] = res.links ?? [];
      const lines: string[] = [`${links.length} links:`];
      let used = lines[0]!.length;
      for (const [i, link] of links.entries()) {
        const line = `- ${link.url}${link.title ? ` — ${link.title}` : ''}`;
        if (used + line.length > MAX_TEXT_CHARS) {
          lines.push(`[Cut after ${i} of ${links.length} links. Narrow with \`search\`, \`limit\` or a deeper \`url\`.]`);
          break;
        }
        lines.push(line);
        used += line.length + 1;
      }
      return lines.join('\n');
    },
  );

  tool(
    'search',
    'Search the web (and pages this Trawl has already fetched). Returns titles, URLs and snippets; with scrapeOptions, also each hit\'s content.',
    {
      query: z.string().min(1).describe('The search query; operators such as site: pass through.'),
      limit: z.number().int().min(1).max(100).optional().describe('Maximum results per source (default 10).'),
      sources: z.array(z.enum(['web', 'news', 'images'])).optional().describe('Result groups (default ["web"]).'),
      tbs: z.string().optional().describe('Time filter, e.g. "qdr:d" (past day), "qdr:w".'),
      location: z.string().optional(),
      scrapeOptions: z.object(pageOptions).optional().describe('Scrape each hit with these options (e.g. {"formats":["markdown"]}).'),
    },
    async (body) => json((await post('/v2/search', body)).data),
  );

  tool(
    'crawl_start',
    'Start crawling a website from a URL, following its links, in the background. Returns a job id; read pages with crawl_status.',
    {
      url: z.string().describe('Where the crawl starts.'),
      limit: z.number().int().min(1).optional().describe('Maximum pages to scrape (default 10000: set one).'),
      prompt: z.string().optional().describe('Describe in words which pages to crawl; it sets the options below.'),
      maxDiscoveryDepth: z.number().int().min(0).optional().describe('Link hops from the start URL.'),
      includePaths: z.array(z.string()).optional().describe('Regexes; only matching URL paths are crawled.'),
      excludePaths: z.array(z.string()).optional().describe('Regexes; matching URL paths are skipped.'),
      crawlEntireDomain: z.boolean().optional().describe('Also follow links outside the start URL\'s path.'),
      allowSubdomains: z.boolean().optional(),
      allowExternalLinks: z.boolean().optional(),
      sitemap: z.enum(['include', 'skip', 'only']).optional(),
      scrapeOptions: z.object(pageOptions).optional().describe('How each page is scraped.'),
    },
    async (body) => {
      const res = await post('/v2/crawl', body);
      return `Crawl started. id: ${res.id}\nCall crawl_status with this id until its status is "completed"; crawl_cancel stops it.`;
    },
  );

  tool(
    'crawl_status',
    `Progress and pages of a crawl, as markdown. At most ${MAX_TEXT_CHARS} characters per call; the result names the \`skip\` to read on.`,
    { id: id('crawl'), skip, limit },
    async ({ id, skip = 0, limit }) =>
      jobPageText(await get(`/v2/crawl/${enc(id)}${q({ skip, limit })}`), {
        skip,
        more: (next) => `Call crawl_status with skip=${next} for the next ones.`,
      }),
  );

  tool('crawl_cancel', 'Stop a running crawl; pages already scraped stay readable.', { id: id('crawl') }, async ({ id }) =>
    json(await del(`/v2/crawl/${enc(id)}`)),
  );

  tool(
    'extract',
    'Extract structured data from pages with an LLM: give URLs (a trailing /* covers a site section) and a prompt and/or a JSON schema. ' +
      'Waits for the result; if it takes longer, returns the id for extract_status.',
    {
      urls: z.array(z.string()).optional().describe('Pages to extract from.'),
      prompt: z.string().optional().describe('What to extract.'),
      schema: z.record(z.string(), z.unknown()).optional().describe('JSON Schema of the result.'),
      enableWebSearch: z.boolean().optional().describe('Also look beyond the given URLs.'),
      waitSeconds,
    },
    async ({ waitSeconds = 60, ...body }) => {
      const started = await post('/v2/extract', body);
      return json(await awaitJob(api, `/v2/extract/${enc(started.id)}`, waitSeconds));
    },
  );

  tool('extract_status', 'Status and result of an extract job.', { id: id('extract job') }, async ({ id }) =>
    json(await get(`/v2/extract/${enc(id)}`)),
  );

  tool(
    'parse',
    'Convert a document (PDF, DOCX, XLSX, PPTX, HTML, EPUB, CSV, …) to markdown. ' +
      (opts.upload ? 'Give a local file `path` or a `url`.' : 'Give its `url`.') +
      ` Long results are cut at ${MAX_TEXT_CHARS} characters; call again with the \`offset\` the cut names.`,
    {
      ...(opts.upload ? { path: z.string().optional().describe('Path of a local file to upload.') } : {}),
      url: z.string().optional().describe('URL of the document.'),
      formats: pageOptions.formats,
      onlyMainContent: pageOptions.onlyMainContent,
      offset: z.number().int().min(0).optional().describe('Character offset into the markdown, to read a long document on.'),
    } as Shape,
    async (args) => {
      const { path: file, url, offset, ...options } = args as { path?: string; url?: string; offset?: number; formats?: unknown; onlyMainContent?: boolean };
      if (Boolean(file) === Boolean(url)) throw new Error(opts.upload ? 'Give exactly one of `path` or `url`.' : 'Give the document\'s `url`.');
      const more = (next: number) => `Call parse again with offset=${next} to read on.`;
      if (url) {
        // A URL is fetched by the scrape pipeline, which parses documents itself and keeps
        // the egress rules; fetching it here would bypass them.
        return documentText((await post('/v2/scrape', { url, ...options })).data, { offset, more });
      }
      const form = new FormData();
      form.set('file', new Blob([await readFile(file!)]), path.basename(file!));
      form.set('options', JSON.stringify(options));
      return documentText(unwrap(await opts.upload!('/v2/parse', form)).data, { offset, more });
    },
  );

  tool(
    'agent',
    'Give an autonomous web research agent a task in words (optionally starting URLs and a JSON schema for the answer). ' +
      'Waits for the answer; if it takes longer, returns the id for agent_status.',
    {
      prompt: z.string().min(1).describe('The task.'),
      urls: z.array(z.string()).optional().describe('Where to start, or the only pages to use.'),
      schema: z.record(z.string(), z.unknown()).optional().describe('JSON Schema of the answer.'),
      maxCredits: z.number().positive().optional().describe('Spend cap of the run.'),
      waitSeconds,
    },
    async ({ waitSeconds = 60, ...body }) => {
      const started = await post('/v2/agent', body);
      return json(await awaitJob(api, `/v2/agent/${enc(started.id)}`, waitSeconds));
    },
  );

  tool('agent_status', 'Status and answer of an agent run.', { id: id('agent run') }, async ({ id }) => json(await get(`/v2/agent/${enc(id)}`)));

  tool(
    'monitor_create',
    'Watch pages, a site or search results on a schedule and report what changed.',
    {
      name: z.string().min(1).max(256),
      schedule: z
        .object({ cron: z.string().optional(), text: z.string().optional(), timezone: z.string().optional() })
        .describe('Exactly one of cron (5 fields, ≥ 5 min apart) or text ("daily at 9am", "every 30 minutes"); timezone default UTC.'),
      targets: z
        .array(z.record(z.string(), z.unknown()))
        .min(1)
        .describe(
          'What to watch, 1–50 of: {"type":"scrape","urls":[…]}, {"type":"crawl","url":"…","crawlOptions":{…}}, {"type":"search","queries":[…]}.',
        ),
      goal: z.string().max(2000).optional().describe('What counts as a meaningful change (required with search targets).'),
      webhook: z.record(z.string(), z.unknown()).optional().describe('{"url":"…","events":[…]} to be notified.'),
      retentionDays: z.number().int().min(1).max(365).optional(),
    },
    async (body) => json((await post('/v2/monitor', body)).data),
  );

  tool(
    'monitor_list',
    'List this team\'s monitors.',
    { limit: z.number().int().min(1).max(100).optional(), offset: z.number().int().min(0).optional() },
    async (params) => json((await get(`/v2/monitor${q(params)}`)).data),
  );

  tool('monitor_run', 'Run a monitor\'s check now instead of waiting for its schedule.', { id: id('monitor') }, async ({ id }) =>
    json(await post(`/v2/monitor/${enc(id)}/run`, {})),
  );

  tool(
    'browser_create',
    'Open a remote browser session to drive with code (browser_execute). Delete it when done.',
    {
      ttl: z.number().int().min(30).max(3600).optional().describe('Maximum lifetime in seconds (default 300).'),
      activityTtl: z.number().int().min(10).max(3600).optional().describe('Closed after this many idle seconds (default 300).'),
    },
    async (body) => json(await post('/v2/browser', body)),
  );

  tool(
    'browser_execute',
    'Run code in a browser session: node (a Playwright `page` is in scope), python or bash. Returns stdout, result and errors.',
    {
      id: id('browser session'),
      code: z.string().min(1).max(100_000),
      language: z.enum(['node', 'python', 'bash']).optional().describe('Default node.'),
      timeout: z.number().int().min(1).max(300).optional().describe('Seconds.'),
    },
    async ({ id, ...body }) => json(await post(`/v2/browser/${enc(id)}/execute`, body)),
  );

  tool('browser_delete', 'Close a browser session.', { id: id('browser session') }, async ({ id }) =>
    json(await del(`/v2/browser/${enc(id)}`)),
  );

  return server;
}
