import assert from 'node:assert/strict';
import { rejects } from './expect.js';
import { after, before, describe, it } from 'node:test';
import { createEgress, type Egress, type EgressOptions } from '../../src/egress/client.js';
import { connectGuarded, type Resolver } from '../../src/egress/connector.js';
import { createAddressPolicy } from '../../src/egress/address-policy.js';
import { proxyUrlProblem } from '../../src/egress/proxy.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startForwardProxy, type ForwardProxy } from './forward-proxy.js';

// The operator's proxy listens on 127.0.0.1, which the policy refuses: it is reachable only
// because it is the configured proxy. 127.0.0.2 is allow-listed and stands in for the
// public internet; 127.0.0.1 as a TARGET stays refused even through the proxy.


const answers: Record<string, string[]> = {
  'mixed.test': ['127.0.0.2', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
};
const resolve: Resolver = async (hostname) => (answers[hostname] ?? []).map((address) => ({ address, family: 4 }));

describe('egress through an upstream proxy', () => {
  let site: Site;
  let secure: Site;
  let local: Site;
  let proxy: ForwardProxy;
  let locked: ForwardProxy;
  const clients: Egress[] = [];
  const egress = (options: EgressOptions = {}): Egress => {
    const client = createEgress({ allowedCidrs: ['127.0.0.2/32'], resolve, ...options });
    clients.push(client);
    return client;
  };

  before(async () => {
    site = await startSite(
      { '/': { html: 'via proxy' }, '/to-local': (_req, res) => res.writeHead(302, { location: local.url('/') }).end() },
      { host: '127.0.0.2' },
    );
    secure = await startSite({ '/': { html: 'over tls' } }, { host: '127.0.0.2', tls: true });
    local = await startSite({ '/': { html: 'local' } });
    proxy = await startForwardProxy();
    locked = await startForwardProxy({ credentials: 'scraper:s3cr%40t' });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([site.close(), secure.close(), local.close(), proxy.close(), locked.close()]);
  });

  it('sends plain http in absolute form and reuses the proxy connection', async () => {
    const client = egress();
    const before = proxy.carried.length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.fetch(site.url('/'), { proxy: proxy.url }));
    assert.deepEqual(answers.map((a) => a.body.toString()), Array(4).fill('via proxy'));
    assert.deepEqual(
      proxy.carried.slice(before).map((c) => `${c.method} ${c.target}`),
      Array(4).fill(`GET ${site.url('/')}`),
    );
    assert.ok(proxy.connections < 4, `${proxy.connections} connections for 4 requests: the proxy agent is kept and reused`);
  });

  it('tunnels https with CONNECT', async () => {
    const before = proxy.carried.length;
    const res = await egress().fetch(secure.url('/'), { proxy: proxy.url, skipTlsVerification: true });
    assert.equal(res.body.toString(), 'over tls');
    assert.deepEqual(proxy.carried.slice(before).map((c) => `${c.method} ${c.target}`), [`CONNECT 127.0.0.2:${secure.port}`]);
  });

  it('sends the credentials of the proxy URL to the proxy, never the caller’s', async () => {
    const res = await egress().fetch(site.url('/'), { proxy: locked.url, headers: { 'proxy-authorization': 'Basic caller' } });
    assert.equal(res.body.toString(), 'via proxy');
    const expected = `Basic ${Buffer.from('scraper:s3cr@t').toString('base64')}`;
    assert.deepEqual(locked.carried.map((c) => c.proxyAuthorization), [expected]);
    assert.equal(site.requests.at(-1)?.headers['proxy-authorization'], undefined);

    const before = proxy.carried.length;
    await egress().fetch(site.url('/'), { proxy: proxy.url, headers: { 'Proxy-Authorization': 'Basic caller' } });
    assert.equal(proxy.carried[before]?.proxyAuthorization, undefined);
  });

  it('reports a proxy that refuses the request as a network error', async () => {
    const wrong = locked.url.replace('s3cr%40t', 'nope');
    const plain = await rejects(egress().fetch(site.url('/'), { proxy: wrong }), 'EGRESS_NETWORK');
    assert.match(plain.message, /407/);
    const tunnel = await rejects(egress().fetch(secure.url('/'), { proxy: wrong, skipTlsVerification: true }), 'EGRESS_NETWORK');
    assert.match(tunnel.message, /407/);
  });

  it('refuses a private target before the proxy sees it, literal, resolved, or on a redirect', async () => {
    const client = egress();
    const before = proxy.carried.length;
    const literal = await rejects(client.fetch(local.url('/'), { proxy: proxy.url }), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(literal.reason, 'loopback');
    assert.equal(literal.stage, 'precheck');
    const metadata = await rejects(client.fetch('http://metadata.test/latest', { proxy: proxy.url }), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(metadata.reason, 'cloud-metadata');
    assert.equal(proxy.carried.length, before, 'the proxy carried none of them');

    // Direct, a mixed answer is fine: only the allowed address is dialled. Through a proxy,
    // which resolves for itself, one refused address refuses the host.
    const mixed = await rejects(client.fetch(`http://mixed.test:${site.port}/`, { proxy: proxy.url }), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(mixed.address, '127.0.0.1');

    const hop = await rejects(client.fetch(site.url('/to-local'), { proxy: proxy.url }), 'EGRESS_BLOCKED_ADDRESS');
    assert.equal(hop.url, local.url('/'));
    assert.deepEqual(proxy.carried.slice(before).map((c) => c.target), [site.url('/to-local')]);
    assert.equal(local.requests.length, 0);
  });

  it('still reaches the proxy itself when its address is private', async () => {
    const strict = createEgress({ resolve });
    clients.push(strict);
    await rejects(strict.fetch(site.url('/'), { proxy: proxy.url }), 'EGRESS_BLOCKED_ADDRESS');
    // …but it is the target that was refused, not the proxy: allow the target and it works.
    const res = await egress().fetch(site.url('/'), { proxy: proxy.url });
    assert.equal(res.status, 200);
  });
});

describe('connectGuarded', () => {
  it('connects to an allowed address and refuses the rest', async () => {
    const site = await startSite({ '/': { html: 'x' } }, { host: '127.0.0.2' });
    try {
      const options = { policy: createAddressPolicy({ allowedCidrs: ['127.0.0.2/32'] }), resolve, connectTimeoutMs: 2_000 };
      const socket = await connectGuarded('mixed.test', site.port, options);
      assert.equal(socket.remoteAddress, '127.0.0.2', 'the refused record was never dialled');
      socket.destroy();
      const refused = await rejects(connectGuarded('127.0.0.1', site.port, options), 'EGRESS_BLOCKED_ADDRESS');
      assert.equal(refused.stage, 'precheck');
      await rejects(connectGuarded('nowhere.test', site.port, options), 'EGRESS_DNS');
      const gone = new AbortController();
      gone.abort();
      await rejects(connectGuarded('127.0.0.2', site.port, { ...options, signal: gone.signal }), 'EGRESS_ABORTED');
    } finally {
      await site.close();
    }
  });
});

describe('proxy URL validation', () => {
  it('accepts http(s)://[user:pass@]host:port and explains the rest', () => {
    assert.equal(proxyUrlProblem('http://10.0.0.5:3128'), undefined);
    assert.equal(proxyUrlProblem('https://user:pa%40ss@proxy.example:8443'), undefined);
    assert.match(proxyUrlProblem('socks5://proxy:1080')!, /http:\/\/ or https:\/\//);
    assert.match(proxyUrlProblem('proxy:3128')!, /http:\/\/ or https:\/\//);
    assert.match(proxyUrlProblem('not a url')!, /not a URL/);
    assert.match(proxyUrlProblem('http://proxy:3128/path')!, /path/);
    assert.match(proxyUrlProblem('http://user@proxy:3128')!, /no password/);
  });
});
