import assert from 'node:assert/strict';
import { connectThrough } from './connect-through.js';
import http, { type IncomingHttpHeaders } from 'node:http';
import tls from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { EGRESS_ERROR_HEADER, startEgressProxy, type EgressProxy } from '../../src/browser/egress-proxy.js';
import type { Resolver } from '../../src/egress/index.js';
import { startSite, TEST_TLS, type Site } from '../fixtures/site.js';

// The proxy allows 127.0.0.1 (through allowedCidrs) and refuses the rest of loopback, so
// 127.0.0.2 stands in for a private address. Names come from a fake resolver: no real DNS.

const answers: Record<string, string[]> = {
  'public.test': ['127.0.0.1'],
  'private.test': ['127.0.0.2'],
  'mixed.test': ['127.0.0.2', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
};
const resolve: Resolver = async (hostname) => {
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: 4 }));
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function viaProxy(proxy: EgressProxy, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((done, fail) => {
    const req = http.request({ host: hostname, port, path: url, headers: { host: new URL(url).host, ...headers }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}


describe('egress proxy', () => {
  let proxy: EgressProxy;
  let allowed: Site;
  let refused: Site;
  let secure: Site;

  before(async () => {
    proxy = await startEgressProxy({ allowedCidrs: ['127.0.0.1/32'], resolve });
    allowed = await startSite({ '/hello': { html: '<p>hello</p>', headers: { 'x-site': 'yes' } }, '/echo': (req, res) => res.end(JSON.stringify(req.headers)) });
    refused = await startSite({ '/': { html: 'secret' } }, { host: '127.0.0.2' });
    secure = await startSite({ '/': { html: 'over tls' } }, { tls: true });
  });
  after(async () => {
    await proxy.close();
    await Promise.all([allowed.close(), refused.close(), secure.close()]);
  });

  it('forwards plain HTTP to an allowed address, end-to-end headers only', async () => {
    const res = await viaProxy(proxy, allowed.url('/hello'));
    assert.equal(res.status, 200);
    assert.equal(res.body, '<p>hello</p>');
    assert.equal(res.headers['x-site'], 'yes');
    const echo = await viaProxy(proxy, allowed.url('/echo'), { 'proxy-authorization': 'Basic x', 'x-mine': '1' });
    const seen = JSON.parse(echo.body) as Record<string, string>;
    assert.equal(seen['x-mine'], '1');
    assert.equal(seen['proxy-authorization'], undefined);
  });

  it('answers a refused plain-HTTP request itself, marked, and records why', async () => {
    const res = await viaProxy(proxy, refused.url('/'));
    assert.equal(res.status, 403);
    assert.equal(res.headers[EGRESS_ERROR_HEADER], 'EGRESS_BLOCKED_ADDRESS');
    assert.doesNotMatch(res.body, /secret/);
    assert.equal(refused.connections, 0);
    const failure = proxy.failureFor('127.0.0.2', refused.port);
    assert.equal(failure?.code, 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(failure?.reason, 'loopback');
  });

  it('refuses a CONNECT to a refused address and tunnels one to an allowed address', async () => {
    const no = await connectThrough(proxy, `127.0.0.2:${refused.port}`);
    no.socket.destroy();
    assert.equal(no.status, 403);
    assert.equal(no.headers[EGRESS_ERROR_HEADER], 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(refused.connections, 0);

    const yes = await connectThrough(proxy, `public.test:${secure.port}`);
    assert.equal(yes.status, 200);
    const body = await new Promise<string>((done, fail) => {
      const secured = tls.connect({ socket: yes.socket, ca: TEST_TLS.cert, servername: 'localhost' }, () => {
        secured.write(`GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      secured.setEncoding('utf8');
      secured.on('data', (chunk: string) => (text += chunk));
      secured.on('end', () => done(text));
      secured.on('error', fail);
    });
    assert.match(body, /over tls$/);
  });

  it('checks every resolved address and dials only allowed ones', async () => {
    const res = await viaProxy(proxy, `http://mixed.test:${allowed.port}/hello`);
    assert.equal(res.status, 200);
    const metadata = await viaProxy(proxy, 'http://metadata.test/');
    assert.equal(metadata.status, 403);
    assert.equal(proxy.failureFor('metadata.test', 80)?.reason, 'cloud-metadata');
  });

  it('reports DNS failures as such', async () => {
    const res = await viaProxy(proxy, 'http://nowhere.test/');
    assert.equal(res.status, 502);
    assert.equal(res.headers[EGRESS_ERROR_HEADER], 'EGRESS_DNS');
    assert.equal(proxy.failureFor('nowhere.test', 80)?.code, 'EGRESS_DNS');
  });

  it('will not act as a web server for origin-form requests', async () => {
    const { hostname, port } = new URL(proxy.url);
    const res = await new Promise<number>((done, fail) => {
      http.get({ host: hostname, port, path: '/', agent: false }, (r) => {
        r.resume();
        done(r.statusCode ?? 0);
      }).on('error', fail);
    });
    assert.equal(res, 400);
  });
});
