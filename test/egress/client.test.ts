import assert from 'node:assert/strict';
import { rejects } from './expect.js';
import { setImmediate as tick } from 'node:timers/promises';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createEgress, type Egress, type EgressOptions } from '../../src/egress/client.js';
import type { Resolver } from '../../src/egress/connector.js';
import { EgressError } from '../../src/egress/errors.js';
import { startSite, type Site } from '../fixtures/site.js';

// Every test talks to 127.0.0.1/127.0.0.2 only. Private and metadata classes are exercised
// through IP-literal URLs that the pre-check must refuse before a socket exists, and through
// fake resolvers that answer for made-up names, so nothing ever leaves the loopback.


const clients: Egress[] = [];
function egress(options: EgressOptions = {}): Egress {
  const client = createEgress(options);
  clients.push(client);
  return client;
}
after(() => Promise.all(clients.map((c) => c.close())));

const fixedResolver =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('address policy enforcement', () => {
  let other: Site; // 127.0.0.2 — stands in for an allow-listed intranet range
  // 127.0.0.1 — refused unless allowed. Same port as `other`, so a name that should reach
  // `other` but slipped through to a refused address would land here and show up.
  let local: Site;
  before(async () => {
    for (;;) {
      other = await startSite({ '/': { html: 'other' } }, { host: '127.0.0.2' });
      try {
        local = await startSite({ '/': { html: 'local' } }, { port: other.port });
        return;
      } catch (err) {
        await other.close();
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      }
    }
  });
  after(async () => {
    await local.close();
    await other.close();
  });

  it('refuses a loopback IP literal before opening any socket', async () => {
    const err = await rejects(egress().fetch(local.url('/')), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(err.stage, 'precheck');
    assert.equal(err.reason, 'loopback');
    assert.equal(err.url, local.url('/'));
    assert.equal(local.connections, 0);
  });

  it('refuses private, link-local, CGNAT, metadata and special IP literals in the pre-check', async () => {
    const client = egress();
    const cases: Array<[string, string]> = [
      ['http://10.0.0.1/', 'private'],
      ['http://172.16.0.1/', 'private'],
      ['https://192.168.0.1/', 'private'],
      ['http://169.254.1.1/', 'link-local'],
      ['http://100.64.0.1/', 'cgnat'],
      ['http://169.254.169.254/latest/meta-data/', 'cloud-metadata'],
      ['http://100.100.100.200/', 'cloud-metadata'],
      ['http://[fd00:ec2::254]/', 'cloud-metadata'],
      ['http://0.0.0.0/', 'unspecified'],
      ['http://224.0.0.1/', 'multicast'],
      ['http://255.255.255.255/', 'broadcast'],
      ['http://[::1]/', 'loopback'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://[fd12::1]/', 'unique-local'],
      ['http://[::ffff:10.0.0.1]/', 'ipv4-mapped:private'],
      ['http://[::ffff:127.0.0.1]/', 'ipv4-mapped:loopback'],
      // The URL parser turns these into 127.0.0.1 / 10.0.0.1 before anything else sees them.
      ['http://2130706433/', 'loopback'],
      ['http://0x7f.1/', 'loopback'],
      ['http://012.0.0.1/', 'private'],
    ];
    for (const [url, reason] of cases) {
      const err = await rejects(client.fetch(url), 'EGRESS_BLOCKED_ADDRESS');
      assert.equal(err.stage, 'precheck', url);
      assert.equal(err.reason, reason, url);
    }
  });

  it('refuses a hostname resolving to loopback at connect time', async () => {
    const err = await rejects(egress().fetch(`http://localhost:${local.port}/`), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(err.stage, 'connect');
    assert.equal(err.reason, 'loopback');
    assert.match(err.address ?? '', /^(127\.0\.0\.1|::1)$/);
    assert.equal(local.connections, 0);
  });

  it('checks the address the connection is made to, on every new connection (DNS rebinding)', async () => {
    const before = local.connections;
    // `connection: close` forces the second request onto a new connection, hence a new lookup.
    other.set('/once', { html: 'public', headers: { connection: 'close' } });
    let calls = 0;
    const client = egress({
      allowedCidrs: ['127.0.0.2/32'],
      resolve: async () => [{ address: calls++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }],
    });
    try {
      const first = await client.fetch(`http://rebind.test:${other.port}/once`);
      assert.equal(first.body.toString(), 'public');
      const err = await rejects(client.fetch(`http://rebind.test:${other.port}/`), 'EGRESS_BLOCKED_ADDRESS');
      assert.equal(err.stage, 'connect');
      assert.equal(err.address, '127.0.0.1');
      assert.equal(calls, 2);
      assert.equal(local.connections, before);
    } finally {
      other.set('/once', undefined);
    }
  });

  // Resolver answers stay on loopback (127.0.0.2 allowed, the rest refused): should the guard
  // ever break, the test dials a local port instead of a private network.
  it('refuses a name all of whose records are refused, and dials only the allowed ones of a mixed name', async () => {
    const client = egress({
      allowedCidrs: ['127.0.0.2/32'],
      resolve: fixedResolver({
        'refused.test': ['127.0.0.3', '::1'],
        'mixed.test': ['127.0.0.1', '::1', '127.0.0.2', '127.0.0.3'],
      }),
    });
    const refused = await rejects(client.fetch(`http://refused.test:${other.port}/`), 'EGRESS_BLOCKED_ADDRESS');
    assert.deepEqual([refused.stage, refused.address, refused.reason], ['connect', '127.0.0.3', 'loopback']);
    const before = local.connections;
    const res = await client.fetch(`http://mixed.test:${other.port}/`);
    assert.equal(res.body.toString(), 'other');
    assert.equal(local.connections, before);
  });

  it('allowPrivateNetwork lets loopback through, by literal and by name', async () => {
    const client = egress({ allowPrivateNetwork: true });
    assert.equal((await client.fetch(local.url('/'))).body.toString(), 'local');
    assert.equal((await client.fetch(`http://localhost:${local.port}/`)).body.toString(), 'local');
  });

  it('allowedCidrs lets exactly that range through', async () => {
    const before = local.connections;
    const client = egress({ allowedCidrs: ['127.0.0.2/32'] });
    const res = await client.fetch(other.url('/'));
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'other');
    const err = await rejects(client.fetch(local.url('/')), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(err.reason, 'loopback');
    assert.equal(local.connections, before);
  });

  it('refuses a redirect from an allowed server to a refused one at the hop', async () => {
    other.set('/to-literal', { redirect: local.url('/') });
    other.set('/to-name', { redirect: `http://localhost:${local.port}/` });
    const before = local.connections;
    const client = egress({ allowedCidrs: ['127.0.0.2/32'] });
    try {
      const literal = await rejects(client.fetch(other.url('/to-literal')), 'EGRESS_BLOCKED_ADDRESS');
      assert.equal(literal.stage, 'precheck');
      assert.equal(literal.url, local.url('/'));
      const named = await rejects(client.fetch(other.url('/to-name')), 'EGRESS_BLOCKED_ADDRESS');
      assert.equal(named.stage, 'connect');
      assert.equal(local.connections, before);
      assert.deepEqual(
        other.requests.slice(-2).map((r) => r.path),
        ['/to-literal', '/to-name'],
      );
    } finally {
      other.set('/to-literal', undefined);
      other.set('/to-name', undefined);
    }
  });
});

describe('requests, redirects and caps', () => {
  let site: Site;
  let client: Egress;
  before(async () => {
    site = await startSite({
      '/': { html: '<h1>home</h1>' },
      '/a': { redirect: '/b', status: 301 },
      '/b': { redirect: '/c', status: 302 },
      '/c': { redirect: '/final?x=1', status: 307 },
      '/final': { html: 'final' },
      '/loop': { redirect: '/loop' },
      '/see-other': { redirect: '/echo', status: 303 },
      '/echo': (req, res, body) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body: body.toString() }));
      },
      '/big': { body: Buffer.alloc(100_000, 1) },
      '/big-chunked': (_req, res) => {
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(10_000, 1));
        res.end();
      },
      '/bomb': { body: Buffer.alloc(1_000_000), gzip: true },
      '/gzip': { html: '<p>compressed</p>'.repeat(100), gzip: true },
      '/br': { body: zlib.brotliCompressSync('brotli body'), headers: { 'content-encoding': 'br' } },
      '/zstd': { body: 'opaque', headers: { 'content-encoding': 'zstd' } },
      '/slow': { delayMs: 2_000, html: 'too late' },
      '/stall': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
      },
      '/to-file': { redirect: 'file:///etc/passwd' },
    });
    client = egress({ allowPrivateNetwork: true });
  });
  after(() => site.close());

  it('follows redirects, reporting the chain and the final URL', async () => {
    const res = await client.fetch(site.url('/a'));
    assert.equal(res.status, 200);
    assert.equal(res.url, site.url('/final?x=1'));
    assert.deepEqual(res.redirects, [site.url('/a'), site.url('/b'), site.url('/c')]);
    assert.equal(res.body.toString(), 'final');
  });

  it('returns the redirect itself with redirect: manual', async () => {
    const res = await client.fetch(site.url('/a'), { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, '/b');
    assert.deepEqual(res.redirects, []);
  });

  it('caps redirects at 10 by default, and per request', async () => {
    const before = site.requests.length;
    const err = await rejects(client.fetch(site.url('/loop')), 'EGRESS_TOO_MANY_REDIRECTS');
    assert.equal(site.requests.length - before, 11);
    assert.equal(err.url, site.url('/loop'));
    const mid = site.requests.length;
    await rejects(client.fetch(site.url('/loop'), { maxRedirects: 2 }), 'EGRESS_TOO_MANY_REDIRECTS');
    assert.equal(site.requests.length - mid, 3);
    await rejects(client.fetch(site.url('/a'), { maxRedirects: 2 }), 'EGRESS_TOO_MANY_REDIRECTS');
    assert.equal((await client.fetch(site.url('/a'), { maxRedirects: 3 })).status, 200);
  });

  it('turns a POST into a GET without body on 303, as browsers do', async () => {
    const res = await client.fetch(site.url('/see-other'), {
      method: 'POST',
      body: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const echoed = JSON.parse(res.body.toString()) as { method: string; headers: Record<string, string>; body: string };
    assert.equal(echoed.method, 'GET');
    assert.equal(echoed.body, '');
    assert.equal(echoed.headers['content-type'], undefined);
    assert.equal(site.requests.at(-2)?.body.toString(), 'a=1');
  });

  it('drops credentials on a cross-origin redirect', async () => {
    const target = await startSite({ '/': (req, res) => res.end(req.headers.authorization ?? 'none') });
    site.set('/away', { redirect: target.url('/').replace('127.0.0.1', 'localhost') });
    try {
      const res = await client.fetch(site.url('/away'), { headers: { Authorization: 'Bearer secret' } });
      assert.equal(res.body.toString(), 'none');
      assert.equal(site.requests.at(-1)?.headers.authorization, 'Bearer secret');
    } finally {
      site.set('/away', undefined);
      await target.close();
    }
  });

  it('sends method, body, headers and the default user agent', async () => {
    const res = await client.fetch(site.url('/echo'), {
      method: 'put',
      body: Buffer.from('payload'),
      headers: { 'X-Trace': 'abc' },
    });
    const echoed = JSON.parse(res.body.toString()) as { method: string; headers: Record<string, string>; body: string };
    assert.equal(echoed.method, 'PUT');
    assert.equal(echoed.body, 'payload');
    assert.equal(echoed.headers['x-trace'], 'abc');
    assert.match(echoed.headers['user-agent'] ?? '', /^TrawlBot\//);
    assert.equal(res.headers['content-type'], 'application/json');

    const custom = await client.fetch(site.url('/echo'), { headers: { 'User-Agent': 'Custom/1' } });
    const customEcho = JSON.parse(custom.body.toString()) as { headers: Record<string, string> };
    assert.equal(customEcho.headers['user-agent'], 'Custom/1');
  });

  it('decodes gzip and drops the headers that described the encoded body', async () => {
    const res = await client.fetch(site.url('/gzip'));
    assert.equal(res.body.toString(), '<p>compressed</p>'.repeat(100));
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['content-length'], undefined);
  });

  it('decodes brotli, and hands over an encoding it cannot decode untouched', async () => {
    assert.equal((await client.fetch(site.url('/br'))).body.toString(), 'brotli body');
    const opaque = await client.fetch(site.url('/zstd'));
    assert.equal(opaque.body.toString(), 'opaque');
    assert.equal(opaque.headers['content-encoding'], 'zstd');
  });

  it('does not apply the size cap to a HEAD response', async () => {
    const res = await client.fetch(site.url('/big'), { method: 'HEAD', maxBytes: 10 });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], '100000');
    assert.equal(res.body.length, 0);
  });

  it('caps the body size: declared length, streamed length and decoded length', async () => {
    const declared = await rejects(client.fetch(site.url('/big'), { maxBytes: 50_000 }), 'EGRESS_TOO_LARGE');
    assert.equal(declared.url, site.url('/big'));
    await rejects(client.fetch(site.url('/big-chunked'), { maxBytes: 50_000 }), 'EGRESS_TOO_LARGE');
    await rejects(client.fetch(site.url('/bomb'), { maxBytes: 100_000 }), 'EGRESS_TOO_LARGE');
    assert.equal((await client.fetch(site.url('/big'), { maxBytes: 100_000 })).body.length, 100_000);
    const small = egress({ allowPrivateNetwork: true, maxBytes: 1_000 });
    await rejects(small.fetch(site.url('/big-chunked')), 'EGRESS_TOO_LARGE');
  });

  it('times out waiting for headers, and while a body stalls', async () => {
    let started = Date.now();
    const err = await rejects(client.fetch(site.url('/slow'), { timeoutMs: 150 }), 'EGRESS_TIMEOUT');
    assert.ok(Date.now() - started < 1_500);
    assert.equal(err.url, site.url('/slow'));
    started = Date.now();
    await rejects(client.fetch(site.url('/stall'), { timeoutMs: 150 }), 'EGRESS_TIMEOUT');
    assert.ok(Date.now() - started < 1_500);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await rejects(client.fetch(site.url('/slow'), { signal: controller.signal }), 'EGRESS_ABORTED');
    await rejects(client.fetch(site.url('/'), { signal: AbortSignal.abort() }), 'EGRESS_ABORTED');
  });

  it('refuses schemes other than http and https, also as a redirect target', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)']) {
      await rejects(client.fetch(url), 'EGRESS_BAD_SCHEME');
    }
    await rejects(client.fetch(site.url('/to-file')), 'EGRESS_BAD_SCHEME');
    await rejects(client.fetch('not a url'), 'EGRESS_BAD_URL');
  });

  it('reuses one keep-alive connection for sequential requests', async () => {
    const reuse = await startSite({ '/': { html: 'x' } });
    try {
      for (let i = 0; i < 5; i++) {
        await client.fetch(reuse.url('/'));
        // undici waits one event-loop turn before reusing a socket; work between fetches gives it that.
        await tick();
      }
      assert.equal(reuse.requests.length, 5);
      assert.equal(reuse.connections, 1);
      for (let i = 0; i < 10; i++) await client.fetch(reuse.url('/'));
      assert.ok(reuse.connections <= 2, `back-to-back requests used ${reuse.connections} connections`);
    } finally {
      await reuse.close();
    }
  });

  it('streams a body under the same caps', async () => {
    const res = await client.stream(site.url('/big-chunked'));
    let total = 0;
    for await (const chunk of res.body) total += (chunk as Buffer).length;
    assert.equal(total, 100_000);
    assert.equal(res.status, 200);

    const capped = await client.stream(site.url('/big-chunked'), { maxBytes: 50_000 });
    await assert.rejects(async () => {
      for await (const _ of capped.body);
    }, (err: unknown) => err instanceof EgressError && err.code === 'EGRESS_TOO_LARGE');

    const stalled = await client.stream(site.url('/stall'), { timeoutMs: 150 });
    await assert.rejects(async () => {
      for await (const _ of stalled.body);
    }, (err: unknown) => err instanceof EgressError && err.code === 'EGRESS_TIMEOUT');
  });

  it('frees the connection when a streamed body is dropped unread', async () => {
    const res = await client.stream(site.url('/big'));
    res.body.destroy();
    const next = await client.fetch(site.url('/'), { timeoutMs: 1_000 });
    assert.equal(next.status, 200);
  });
});

describe('connection failures', () => {
  it('reports a TLS failure, and skipTlsVerification gets past a self-signed certificate', async () => {
    const secure = await startSite({ '/': { html: 'secure' } }, { tls: true });
    try {
      const client = egress({ allowPrivateNetwork: true });
      await rejects(client.fetch(secure.url('/')), 'EGRESS_TLS');
      const res = await client.fetch(secure.url('/'), { skipTlsVerification: true });
      assert.equal(res.body.toString(), 'secure');
      assert.ok(secure.url('/').startsWith('https://'));
    } finally {
      await secure.close();
    }
  });

  it('reports a refused connection', async () => {
    const gone = await startSite();
    const url = gone.url('/');
    await gone.close();
    await rejects(egress({ allowPrivateNetwork: true }).fetch(url), 'EGRESS_CONNECT');
  });

  it('reports DNS failure', async () => {
    const client = egress({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
      },
    });
    await rejects(client.fetch('http://nowhere.test/'), 'EGRESS_DNS');
    const empty = egress({ resolve: fixedResolver({}) });
    await rejects(empty.fetch('http://nowhere.test/'), 'EGRESS_DNS');
  });

  it('gives up on a connection that does not complete within connectTimeoutMs', async () => {
    // A lookup that hangs, holding the event loop open the way a real pending lookup does.
    let hang: NodeJS.Timeout | undefined;
    const client = egress({
      connectTimeoutMs: 100,
      resolve: () => new Promise((resolve) => (hang = setTimeout(resolve, 10_000, []))),
    });
    const started = Date.now();
    try {
      await rejects(client.fetch('http://hangs.test/'), 'EGRESS_CONNECT');
      // undici runs connect timeouts on a ~1 s clock, well inside the 30 s overall default.
      assert.ok(Date.now() - started < 3_000);
    } finally {
      clearTimeout(hang);
    }
  });
});
