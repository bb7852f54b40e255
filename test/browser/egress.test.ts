import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine } from '../../src/browser/index.js';
import { EgressError, type Resolver } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

// Everything the browser fetches goes through the egress proxy, so the address policy holds
// for page loads, redirects, subresources, fetch() and websockets alike. 127.0.0.1 is made
// "allowed" through allowedCidrs and 127.0.0.2 stays refused (loopback), standing in for a
// private address; other private classes come from a fake resolver and are refused before
// any socket exists. Nothing leaves the loopback.

const resolve: Resolver = async (hostname) => {
  const answers: Record<string, string> = { 'public.test': '127.0.0.1', 'private.test': '127.0.0.2', 'intranet.test': '10.1.2.3' };
  const address = answers[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

async function refused(promise: Promise<unknown>, reason: string): Promise<EgressError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof EgressError, `expected an EgressError, got ${String(err)}`);
    assert.equal(err.code, 'EGRESS_BLOCKED_ADDRESS', err.message);
    assert.equal(err.reason, reason);
    return err;
  }
  assert.fail('expected the page to be refused');
}

describe('browser egress', () => {
  let strict: BrowserEngine;
  let allowList: BrowserEngine;
  let allowed: Site;
  let secure: Site;
  let forbidden: Site;
  let forbiddenTls: Site;

  before(async () => {
    strict = createBrowserEngine({ resolve });
    allowList = createBrowserEngine({ resolve, allowedCidrs: ['127.0.0.1/32'] });
    forbidden = await startSite({ '/': { html: '<p>secret</p>' }, '/data': { json: { secret: true } }, '/img.png': { body: 'x', type: 'image/png' } }, { host: '127.0.0.2' });
    forbiddenTls = await startSite({ '/': { html: '<p>secret</p>' } }, { host: '127.0.0.2', tls: true });
    allowed = await startSite({ '/': { html: '<p>public page</p>' } });
    secure = await startSite({ '/': { html: '<p>public tls page</p>' } }, { tls: true });
    const other = forbidden.origin;
    allowed.set('/to-private', { redirect: `${other}/`, status: 302 });
    allowed.set('/subrequests', {
      html: `<!doctype html><img src="${other}/img.png"><pre id="log"></pre><script>
        const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };
        fetch('${other}/data').then(r => r.text()).then(t => log('fetch got ' + t), () => log('fetch failed'));
        fetch('http://private.test:${forbidden.port}/data').then(r => r.text()).then(t => log('name got ' + t), () => log('name failed'));
        fetch('https://127.0.0.2:${forbiddenTls.port}/').then(() => log('tls got'), () => log('tls failed'));
        const ws = new WebSocket('ws://127.0.0.2:${forbidden.port}/');
        ws.onopen = () => log('ws open');
        ws.onerror = () => log('ws failed');
      </script>`,
    });
  });

  after(async () => {
    await Promise.all([strict.close(), allowList.close()]);
    await Promise.all([allowed.close(), secure.close(), forbidden.close(), forbiddenTls.close()]);
  });

  it('refuses a loopback page over http and https when private networks are not allowed', async () => {
    const err = await refused(strict.render({ url: allowed.url('/') }), 'loopback');
    assert.equal(err.url, allowed.url('/'));
    await refused(strict.render({ url: secure.url('/') }), 'loopback');
    assert.equal(allowed.connections + secure.connections, 0);
  });

  it('refuses private and metadata addresses, by name or literal', async () => {
    await refused(strict.render({ url: 'http://intranet.test/' }), 'private');
    await refused(strict.render({ url: 'http://169.254.169.254/latest/meta-data/' }), 'cloud-metadata');
    await refused(allowList.render({ url: 'https://169.254.169.254/' }), 'cloud-metadata');
  });

  it('loads a page on an allowed address', async () => {
    const r = await allowList.render({ url: 'http://public.test:' + allowed.port + '/' });
    assert.match(r.html, /public page/);
    const tls = await allowList.render({ url: secure.url('/') });
    assert.match(tls.html, /public tls page/);
  });

  it('refuses a redirect hop to a refused address, naming that hop', async () => {
    const err = await refused(allowList.render({ url: allowed.url('/to-private') }), 'loopback');
    assert.equal(err.url, forbidden.url('/'));
    assert.equal(forbidden.requests.length, 0);
  });

  it('refuses the subresources, fetches and websockets of an allowed page that aim at refused addresses', async () => {
    const r = await allowList.render({
      url: allowed.url('/subrequests'),
      actions: [
        {
          type: 'executeJavascript',
          script: `new Promise((done) => {
            const timer = setInterval(() => {
              if (document.getElementById('log').textContent.trim().split('\\n').length >= 4) done(clearInterval(timer));
            }, 20);
          })`,
        },
      ],
    });
    const log = /<pre id="log">([\s\S]*?)<\/pre>/.exec(r.html)![1]!;
    assert.match(log, /fetch failed/);
    assert.match(log, /name failed/);
    assert.match(log, /tls failed/);
    assert.match(log, /ws failed/);
    assert.doesNotMatch(log, /secret|open|got/);
    assert.equal(forbidden.connections, 0);
    assert.equal(forbiddenTls.connections, 0);
  });
});
