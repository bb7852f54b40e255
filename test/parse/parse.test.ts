import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import {
  longPdfPages,
  makeDocx,
  makeOdt,
  makePdf,
  makePptx,
  makeXlsx,
  SAMPLE_CSV,
  SAMPLE_JSON,
  SAMPLE_MARKDOWN,
  SAMPLE_TEXT,
} from '../fixtures/documents/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGE_HTML = `<!doctype html><html><head><title>Uploaded page</title></head><body>
<nav><a href="https://example.com/nav">Navigation menu</a></nav>
<main><h1>Main heading</h1><p>Body text with <a href="https://example.com/read">a link</a>.</p>
<img src="https://example.com/pic.png" alt="pic"></main>
<footer>Footer words</footer></body></html>`;

interface Part {
  data: Buffer | string;
  filename: string;
  type?: string;
}

async function parse(s: TestServer, file: Part | undefined, options?: unknown, extra?: (form: FormData) => void) {
  const form = new FormData();
  if (options !== undefined) form.set('options', typeof options === 'string' ? options : JSON.stringify(options));
  if (file) form.set('file', new Blob([file.data], file.type ? { type: file.type } : {}), file.filename);
  extra?.(form);
  const res = await fetch(`${s.url}/v2/parse`, { method: 'POST', headers: { authorization: `Bearer ${s.key}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function creditsUsed(s: TestServer): Promise<number> {
  const team = (await s.trawl.store.teams.findTeamByName('default'))!;
  return s.trawl.store.ledger.creditsUsed(team.id, new Date().toISOString().slice(0, 7));
}

describe('POST /v2/parse', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_PARSE_MAX_MB: '1' });
  });
  after(() => s.close());

  describe('each supported file type becomes a Document', () => {
    const cases: { name: string; file: () => Promise<Part>; contentType: RegExp; expect: RegExp }[] = [
      {
        name: 'PDF',
        file: async () => ({ data: await makePdf({ title: 'Report', pages: longPdfPages(2) }), filename: 'report.pdf', type: 'application/pdf' }),
        contentType: /^application\/pdf$/,
        expect: /Section 1[\s\S]*Section 2/,
      },
      {
        name: 'DOCX',
        file: async () => ({ data: await makeDocx(), filename: 'report.docx' }),
        contentType: /wordprocessingml\.document$/,
        expect: /# Annual Report[\s\S]*\*\*bold words\*\*/,
      },
      {
        name: 'XLSX',
        file: async () => ({ data: await makeXlsx(), filename: 'sales.xlsx' }),
        contentType: /spreadsheetml\.sheet$/,
        expect: /Apples[\s\S]*Pears/,
      },
      {
        name: 'PPTX',
        file: async () => ({ data: await makePptx(), filename: 'deck.pptx' }),
        contentType: /presentationml\.presentation$/,
        expect: /Quarterly Review[\s\S]*Highlights/,
      },
      {
        name: 'ODT',
        file: async () => ({ data: await makeOdt(), filename: 'report.odt' }),
        contentType: /^application\/vnd\.oasis\.opendocument\.text$/,
        expect: /Annual Report/,
      },
      {
        name: 'HTML',
        file: async () => ({ data: PAGE_HTML, filename: 'page.html', type: 'text/html' }),
        contentType: /^text\/html$/,
        expect: /# Main heading/,
      },
      {
        name: 'TXT',
        file: async () => ({ data: SAMPLE_TEXT, filename: 'notes.txt', type: 'text/plain' }),
        contentType: /^text\/plain$/,
        expect: /Plain notes/,
      },
      {
        name: 'CSV',
        file: async () => ({ data: SAMPLE_CSV, filename: 'people.csv', type: 'text/csv' }),
        contentType: /^text\/csv$/,
        expect: /\| *name *\|[\s\S]*Smith, Jane/,
      },
      {
        name: 'JSON',
        file: async () => ({ data: SAMPLE_JSON, filename: 'data.json' }),
        contentType: /^application\/json$/,
        expect: /12345678901234567890/,
      },
      {
        name: 'markdown',
        file: async () => ({ data: SAMPLE_MARKDOWN, filename: 'readme.md' }),
        contentType: /^text\/markdown$/,
        expect: /^# Title[\s\S]*\[link\]\(https:\/\/example\.com\)/,
      },
    ];
    for (const c of cases) {
      test(c.name, async () => {
        const file = await c.file();
        const r = await parse(s, file);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.success, true);
        const doc = r.body.data;
        assert.match(doc.markdown, c.expect);
        assert.match(doc.metadata.contentType, c.contentType);
        assert.equal(doc.metadata.sourceURL, file.filename);
        assert.match(doc.metadata.scrapeId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.equal(doc.metadata.statusCode, 200);
        assert.equal(doc.html, undefined, 'only markdown by default');
      });
    }
  });

  test('a PDF reports its pages and costs one credit per parsed page', async () => {
    const pdf = await makePdf({ pages: longPdfPages(3) });
    const before = await creditsUsed(s);
    const r = await parse(s, { data: pdf, filename: 'three.pdf' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.metadata.numPages, 3);
    assert.equal(r.body.data.metadata.totalPages, 3);
    assert.equal(r.body.data.metadata.creditsUsed, 3);
    assert.equal((await creditsUsed(s)) - before, 3);

    const capped = await parse(s, { data: pdf, filename: 'three.pdf' }, { parsers: [{ type: 'pdf', maxPages: 1 }] });
    assert.equal(capped.status, 200, JSON.stringify(capped.body));
    assert.equal(capped.body.data.metadata.numPages, 1);
    assert.equal(capped.body.data.metadata.totalPages, 3);
    assert.equal(capped.body.data.metadata.creditsUsed, 1);
    assert.doesNotMatch(capped.body.data.markdown, /Section 2/);
  });

  test('other files cost one credit', async () => {
    const before = await creditsUsed(s);
    const r = await parse(s, { data: await makeDocx(), filename: 'a.docx' });
    assert.equal(r.body.data.metadata.creditsUsed, 1);
    assert.equal((await creditsUsed(s)) - before, 1);
  });

  test('formats and onlyMainContent shape the Document like a scrape', async () => {
    const file = { data: PAGE_HTML, filename: 'page.html', type: 'text/html' };
    const r = await parse(s, file, { formats: ['markdown', 'html', 'rawHtml', 'links', 'images'] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const doc = r.body.data;
    assert.doesNotMatch(doc.markdown, /Navigation menu|Footer words/);
    assert.match(doc.html, /Main heading/);
    assert.equal(doc.rawHtml, PAGE_HTML);
    assert.ok(doc.links.includes('https://example.com/read'));
    assert.ok(doc.images.includes('https://example.com/pic.png'));
    assert.equal(doc.metadata.title, 'Uploaded page');

    const whole = await parse(s, file, { onlyMainContent: false });
    assert.match(whole.body.data.markdown, /Navigation menu[\s\S]*Footer words/);
  });

  test('the options part is read with or without a JSON Content-Type', async () => {
    const r = await parse(s, { data: SAMPLE_MARKDOWN, filename: 'a.md' }, undefined, (form) =>
      form.set('options', new Blob([JSON.stringify({ formats: ['html'] })], { type: 'application/json' })),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.data.html, /<pre>/);
    assert.equal(r.body.data.markdown, undefined);
  });

  test('a file without a Content-Type is typed from its extension', async () => {
    const r = await parse(s, { data: await makeXlsx(), filename: 'book.xlsx', type: 'application/octet-stream' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.data.metadata.contentType, /spreadsheetml\.sheet$/);
  });

  describe('errors', () => {
    const invalid = { success: false, code: 'BAD_REQUEST', error: 'Invalid multipart form-data request.' };

    test('no file part', async () => {
      const r = await parse(s, undefined, { formats: ['markdown'] });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, invalid);
    });

    test('an empty file', async () => {
      const r = await parse(s, { data: '', filename: 'empty.txt' });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, invalid);
    });

    test('options that are not JSON', async () => {
      const r = await parse(s, { data: 'hi', filename: 'a.txt' }, '{formats:');
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, invalid);
    });

    test('not multipart at all', async () => {
      const r = await s.api('POST', '/v2/parse', { file: 'x' });
      assert.equal(r.status, 415, JSON.stringify(r.body));
      assert.equal(r.body.code, 'UNSUPPORTED_MEDIA_TYPE');
    });

    test('options parse does not take', async () => {
      const actions = await parse(s, { data: 'hi', filename: 'a.txt' }, { actions: [{ type: 'wait', milliseconds: 10 }] });
      assert.equal(actions.status, 400);
      assert.equal(actions.body.code, 'BAD_REQUEST');
      assert.match(actions.body.error, /actions is not supported by \/v2\/parse/);

      const screenshot = await parse(s, { data: 'hi', filename: 'a.txt' }, { formats: ['screenshot'] });
      assert.equal(screenshot.status, 400);
      assert.match(screenshot.body.error, /screenshot format is not supported by \/v2\/parse/);

      const proxy = await parse(s, { data: 'hi', filename: 'a.txt' }, { proxy: 'stealth' });
      assert.equal(proxy.status, 400);
    });

    test('summary and json are derived from an upload as from a scraped page', async () => {
      const text = 'Quarterly report\n\nRevenue grew by twelve percent in the third quarter of the year.\n\nRegion: Northern Europe\n';
      const r = await parse(s, { data: text, filename: 'report.txt' }, { formats: ['summary', { type: 'json', schema: { type: 'object', properties: { region: { type: 'string' } } } }] });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.match(r.body.data.summary, /Revenue grew by twelve percent/);
      assert.deepEqual(r.body.data.json, { region: 'Northern Europe' });
      assert.equal(r.body.data.markdown, undefined, 'markdown was read for the formats, not returned');
    });

    test('an unsupported type is 415 SCRAPE_UNSUPPORTED_FILE_ERROR', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
      const image = await parse(s, { data: png, filename: 'pic.png', type: 'image/png' });
      assert.equal(image.status, 415);
      assert.equal(image.body.code, 'SCRAPE_UNSUPPORTED_FILE_ERROR');

      const legacy = await parse(s, { data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), filename: 'old.doc' });
      assert.equal(legacy.status, 415);
      assert.match(legacy.body.error, /\.docx/);
    });

    test('a damaged file is the caller’s error, not the server’s', async () => {
      const r = await parse(s, { data: Buffer.from('PK\x03\x04 not really a zip'), filename: 'broken.docx' });
      assert.equal(r.status, 400, JSON.stringify(r.body));
    });

    test('a file over TRAWL_PARSE_MAX_MB is 413', async () => {
      const big = Buffer.alloc(1024 * 1024 + 1, 'a');
      const r = await parse(s, { data: big, filename: 'big.txt', type: 'text/plain' });
      assert.equal(r.status, 413);
      assert.equal(r.body.code, 'PAYLOAD_TOO_LARGE');
      assert.match(r.body.error, /limit is 1 MB/);

      // Far over the limit: refused from its Content-Length, before the body is read.
      const huge = await parse(s, { data: Buffer.alloc(8 * 1024 * 1024, 'a'), filename: 'huge.txt', type: 'text/plain' });
      assert.equal(huge.status, 413);
      assert.equal(huge.body.code, 'PAYLOAD_TOO_LARGE');
      const after = await parse(s, { data: 'still serving', filename: 'a.txt' });
      assert.equal(after.status, 200);
    });

    test('nothing is charged for a failed parse', async () => {
      const before = await creditsUsed(s);
      await parse(s, { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), filename: 'pic.png' });
      assert.equal(await creditsUsed(s), before);
    });

    test('a parse that outlives its timeout answers 408 SCRAPE_TIMEOUT in time', async () => {
      const pdf = await makePdf({ pages: longPdfPages(400) });
      const started = Date.now();
      const r = await parse(s, { data: pdf, filename: 'long.pdf' }, { timeout: 1000 });
      const elapsed = Date.now() - started;
      assert.equal(r.status, 408, JSON.stringify(r.body).slice(0, 200));
      assert.equal(r.body.code, 'SCRAPE_TIMEOUT');
      assert.ok(elapsed < 3000, `answered after ${elapsed} ms`);
    });
  });

  test('the official JS SDK parses a file', async () => {
    const fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    const doc = await fc.parse(
      { data: await makeDocx(), filename: 'report.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      { formats: ['markdown', 'html'] },
    );
    assert.match(doc.markdown ?? '', /# Annual Report/);
    assert.match(doc.html ?? '', /Annual Report/);
    assert.equal(doc.metadata?.sourceURL, 'report.docx');

    const text = await fc.parse({ data: SAMPLE_MARKDOWN, filename: 'readme.md' });
    assert.match(text.markdown ?? '', /^# Title/);

    await assert.rejects(fc.parse({ data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), filename: 'pic.png' }), /not/i);
  });
});
