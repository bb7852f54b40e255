import assert from 'node:assert/strict';
import { connectThrough } from './connect-through.js';
import http, { type IncomingHttpHeaders } from 'node:http';
import tls from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine } from '../../src/browser/index.js';
import { EGRESS_ERROR_HEADER, startEgressProxy, type EgressProxy } from '../../src/browser/egress-proxy.js';
import { EgressError } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startForwardProxy, type ForwardProxy } from '../egress/forward-proxy.js';

// The browser's egress relay chained to an operator proxy on 127.0.0.1 (refused as a target,
// reachable as the proxy). 127.0.0.2 is allow-listed and plays the public internet.

function viaRelay(relay: EgressProxy, url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(relay.url);
  return new Promise((done, fail) => {
    const req = http.request({ host: hostname, port, path: url, headers: { host: new URL(url).host }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}


describe('browser egress relay chained to an upstream proxy', () => {
  let site: Site;
  let secure: Site;
  let local: Site;
  let upstream: ForwardProxy;
  let relay: EgressProxy;
  let engine: BrowserEngine;

  before(async () => {
    site = await startSite({ '/': { html: '<p>through the operator proxy</p>' } }, { host: '127.0.0.2' });
    secure = await startSite({ '/': { html: '<p>tls through the operator proxy</p>' } }, { host: '127.0.0.2', tls: true });
    local = await startSite({ '/': { html: '<p>secret</p>' } });
    upstream = await startForwardProxy({ credentials: 'relay:pw' });
    relay = await startEgressProxy({ allowedCidrs: ['127.0.0.2/32'], upstreamProxy: upstream.url });
    engine = createBrowserEngine({ allowedCidrs: ['127.0.0.2/32'] });
  });
  after(async () => {
    await Promise.all([relay.close(), engine.close()]);
    await Promise.all([site.close(), secure.close(), local.close(), upstream.close()]);
  });

  it('forwards plain http in absolute form and tunnels CONNECT, with the proxy’s credentials', async () => {
    const before = upstream.carried.length;
    const res = await viaRelay(relay, site.url('/'));
    assert.equal(res.status, 200);
    assert.match(res.body, /through the operator proxy/);

    const opened = await connectThrough(relay, `127.0.0.2:${secure.port}`);
    assert.equal(opened.status, 200);
    const body = await new Promise<string>((done, fail) => {
      const secured = tls.connect({ socket: opened.socket, rejectUnauthorized: false, servername: 'localhost' }, () => {
        secured.end('GET / HTTP/1.1\r\nHost: 127.0.0.2\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      secured.setEncoding('utf8');
      secured.on('data', (chunk: string) => (text += chunk));
      secured.on('end', () => done(text));
      secured.on('error', fail);
    });
    assert.match(body, /tls through the operator proxy/);

    const carried = upstream.carried.slice(before);
    assert.deepEqual(carried.map((c) => `${c.method} ${c.target}`), [`GET ${site.url('/')}`, `CONNECT 127.0.0.2:${secure.port}`]);
    const expected = `Basic ${Buffer.from('relay:pw').toString('base64')}`;
    assert.ok(carried.every((c) => c.proxyAuthorization === expected));
  });

  it('refuses a private target before the upstream proxy sees it', async () => {
    const before = upstream.carried.length;
    const plain = await viaRelay(relay, local.url('/'));
    assert.equal(plain.status, 403);
    assert.equal(plain.headers[EGRESS_ERROR_HEADER], 'EGRESS_BLOCKED_ADDRESS');
    const opened = await connectThrough(relay, `127.0.0.1:${local.port}`);
    opened.socket.destroy();
    assert.equal(opened.status, 403);
    assert.equal(upstream.carried.length, before);
    assert.equal(local.connections, 0);
    assert.equal(relay.failureFor('127.0.0.1', local.port)?.reason, 'loopback');
  });

  it('reports an upstream proxy that refuses the tunnel', async () => {
    const wrong = await startEgressProxy({ allowedCidrs: ['127.0.0.2/32'], upstreamProxy: upstream.url.replace('relay:pw', 'relay:bad') });
    try {
      const opened = await connectThrough(wrong, `127.0.0.2:${secure.port}`);
      opened.socket.destroy();
      assert.equal(opened.status, 502);
      assert.match(wrong.failureFor('127.0.0.2', secure.port)?.message ?? '', /407/);
    } finally {
      await wrong.close();
    }
  });

  it('renders through the upstream proxy when a render asks for it, and directly otherwise', async () => {
    const before = upstream.carried.length;
    const direct = await engine.render({ url: site.url('/') });
    assert.match(direct.html, /through the operator proxy/);
    assert.equal(upstream.carried.length, before, 'a render without upstreamProxy goes direct');

    const chained = await engine.render({ url: site.url('/'), upstreamProxy: upstream.url });
    assert.match(chained.html, /through the operator proxy/);
    const tls = await engine.render({ url: secure.url('/'), upstreamProxy: upstream.url });
    assert.match(tls.html, /tls through the operator proxy/);
    const targets = upstream.carried.slice(before).map((c) => c.target);
    assert.ok(targets.includes(site.url('/')), JSON.stringify(targets));
    assert.ok(targets.includes(`127.0.0.2:${secure.port}`), JSON.stringify(targets));

    await assert.rejects(engine.render({ url: local.url('/'), upstreamProxy: upstream.url }), (err: unknown) => {
      assert.ok(err instanceof EgressError, String(err));
      assert.equal(err.reason, 'loopback');
      return true;
    });
    assert.equal(local.connections, 0);
  });
});
