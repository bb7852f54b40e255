import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { parserList } from '../../../src/api/parsers.js';
import { isDocumentError, parseDocument, type ParsersOption } from '../../../src/scrape/documents/index.js';
import { makeDocx, makePdf, SAMPLE_BLOCKS } from '../../fixtures/documents/index.js';

const INDEX_URL = new URL('../../../src/scrape/documents/index.ts', import.meta.url).href;

let pdf: Buffer;

before(async () => {
  pdf = await makePdf({ title: 'T', pages: [SAMPLE_BLOCKS, [{ paragraph: 'Page two.' }]] });
});

describe('parseDocument', () => {
  it('returns an unparsed PDF as base64 when parsers has no "pdf" entry', async () => {
    for (const parsers of [[], ['image']] satisfies ParsersOption[]) {
      const r = await parseDocument({ bytes: pdf, contentType: 'application/pdf', parsers });
      assert.deepEqual(r, { kind: 'pdf', mimeType: 'application/pdf', markdown: pdf.toString('base64'), unparsed: true, warnings: [] });
    }
  });

  it('still parses other formats with parsers: []', async () => {
    const r = await parseDocument({ bytes: await makeDocx(), parsers: [] });
    assert.ok(r.html?.includes('<h1>Annual Report</h1>'));
  });

  it('accepts parsers as validated by the API schema', async () => {
    const parsers = parserList.parse(['image', { type: 'pdf', maxPages: 1, pageMarkdown: true }]);
    const r = await parseDocument({ bytes: pdf, parsers });
    assert.equal(r.numPages, 1);
    assert.equal(r.totalPages, 2);
    assert.equal(r.pages?.length, 1);
  });

  it('accepts the "pdf" shorthand', async () => {
    const r = await parseDocument({ bytes: pdf, parsers: ['pdf'] });
    assert.equal(r.numPages, 2);
    assert.equal(r.title, 'T');
  });

  it('throws an unsupported DocumentError, with a reason fit for the caller, for formats it cannot read', async () => {
    const cases: [Buffer, string | undefined, RegExp][] = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png', /OCR/],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword', /\.doc/],
      [Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]), 'application/gzip', /Unsupported file type \(application\/gzip\)/],
    ];
    for (const [bytes, contentType, reason] of cases) {
      await assert.rejects(parseDocument({ bytes, contentType, parsers: ['pdf', 'image'] }), (err) => {
        assert.ok(isDocumentError(err));
        assert.equal(err.code, 'unsupported');
        assert.match(err.message, reason);
        return true;
      });
    }
  });

  it('gives up at once on an aborted signal', async () => {
    await assert.rejects(parseDocument({ bytes: pdf, parsers: ['pdf'], signal: AbortSignal.abort() }), { name: 'AbortError' });
  });

  it('loads no parsing library until a document needs it', () => {
    // A fresh process, with a resolve hook recording every module it loads.
    const script = `
      import { register } from 'node:module';
      import { MessageChannel } from 'node:worker_threads';
      const { port1, port2 } = new MessageChannel();
      const loaded = [];
      port1.on('message', (url) => loaded.push(url));
      register('data:text/javascript,' + encodeURIComponent(\`
        let port;
        export function initialize(data) { port = data.port; }
        export async function resolve(specifier, context, next) {
          const result = await next(specifier, context);
          port.postMessage(result.url);
          return result;
        }\`), { data: { port: port2 }, transferList: [port2] });
      const settle = () => new Promise((r) => setTimeout(r, 100));
      const heavy = () => ['unpdf', 'exceljs', 'mammoth'].filter((name) => loaded.some((url) => url.includes('/node_modules/' + name + '/')));
      const { parseDocument } = await import(${JSON.stringify(INDEX_URL)});
      await parseDocument({ bytes: Buffer.from('hello'), contentType: 'text/plain', parsers: ['pdf'] });
      await parseDocument({ bytes: Buffer.from('<p>x</p>'), contentType: 'text/html', parsers: ['pdf'] });
      await settle();
      const before = heavy();
      await parseDocument({ bytes: Buffer.from('%PDF-1.7 broken'), parsers: ['pdf'] }).catch(() => {});
      await settle();
      console.log(JSON.stringify({ before, after: heavy() }));
      port1.close();
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out.trim().split('\n').at(-1) ?? ''), { before: [], after: ['unpdf'] });
  });
});
