import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { head, rawRequest, type RawAnswer } from '../helpers/raw-http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BOUNDARY = '----x';
const FILE_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\nContent-Type: text/html\r\n\r\n`;

function assertEnvelope(r: RawAnswer, status: number, reason: RegExp) {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.success, false);
  assert.match(r.body.error, reason);
  assert.equal(typeof r.body.code, 'string');
}

describe('POST /v2/parse with hostile multipart bodies', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ TRAWL_PARSE_MAX_MB: '1' });
  });
  after(() => s.close());

  const post = (body: string | Buffer, headers: Record<string, string | number> = {}) =>
    rawRequest(s.url, [
      head('POST', '/v2/parse', {
        authorization: `Bearer ${s.key}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': Buffer.byteLength(body),
        ...headers,
      }),
      body,
    ]);

  /** The server is still up and parsing: what every case below must leave behind. */
  async function stillParses() {
    const form = new FormData();
    form.set('file', new Blob(['<h1>Still here</h1>'], { type: 'text/html' }), 'ok.html');
    const res = await fetch(`${s.url}/v2/parse`, { method: 'POST', headers: { authorization: `Bearer ${s.key}` }, body: form });
    const body = (await res.json()) as any;
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.match(body.data.markdown, /Still here/);
  }

  test('a file part that never closes (the issue #18 repro) answers 400, and the server keeps serving', async () => {
    assertEnvelope(await post(`${FILE_HEAD}<p>never ends`), 400, /Invalid multipart form-data request: .*end/i);
    await stillParses();
  });

  test('a body cut inside a part header answers 400', async () => {
    assertEnvelope(await post(`--${BOUNDARY}\r\nContent-Disposition: form-data; na`), 400, /Invalid multipart form-data request/);
    await stillParses();
  });

  test('a body without the declared boundary, or a Content-Type without one, answers 400', async () => {
    assertEnvelope(await post('just some bytes, no parts at all'), 400, /Invalid multipart form-data request/);
    const noBoundary = await rawRequest(s.url, [
      head('POST', '/v2/parse', { authorization: `Bearer ${s.key}`, 'content-type': 'multipart/form-data', 'content-length': 3 }),
      'abc',
    ]);
    assertEnvelope(noBoundary, 400, /boundary/);
    await stillParses();
  });

  test('more parts than a parse takes answer 400', async () => {
    const parts = Array.from({ length: 30 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    assertEnvelope(await post(`${parts}--${BOUNDARY}--\r\n`), 400, /too many/);
    await stillParses();
  });

  test('a file over the limit answers 413, declared or streamed without a length', async () => {
    const declared = await rawRequest(s.url, [
      head('POST', '/v2/parse', {
        authorization: `Bearer ${s.key}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': 50 * 1024 * 1024,
      }),
      FILE_HEAD,
    ]);
    assertEnvelope(declared, 413, /limit is 1 MB/);

    // Chunked: the limit is only seen while reading.
    const chunk = (data: string | Buffer) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    const big = Buffer.alloc(256 * 1024, 'a').toString();
    const streamed = await rawRequest(s.url, [
      head('POST', '/v2/parse', {
        authorization: `Bearer ${s.key}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'transfer-encoding': 'chunked',
      }),
      chunk(FILE_HEAD),
      ...Array.from({ length: 8 }, () => chunk(big)),
      chunk(`\r\n--${BOUNDARY}--\r\n`),
      '0\r\n\r\n',
    ]);
    assertEnvelope(streamed, 413, /limit is 1 MB/);
    await stillParses();
  });

  test('a client that hangs up mid-upload leaves the server serving', async () => {
    const gone = rawRequest(
      s.url,
      [head('POST', '/v2/parse', { authorization: `Bearer ${s.key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': 10_000 }), FILE_HEAD],
      { endAfter: true },
    );
    await gone.catch(() => undefined);
    await stillParses();
  });
});
