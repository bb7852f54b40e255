import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { run } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Targets a newcomer tries first: a server on their own machine, and a name
 * with a typo. Both are the caller's to fix, and the answer says how.
 */
describe('a target this server will not fetch says what to do (API and CLI)', () => {
  let s: TestServer;
  before(async () => {
    // The default: private and loopback targets refused.
    s = await startTestServer({ TRAWL_ALLOW_PRIVATE_NETWORK: 'off' });
  });
  after(() => s.close());

  const trawl = async (args: string[]) => {
    const p = run('node', ['bin/trawl.js', ...args], { TRAWL_API_URL: s.url, TRAWL_API_KEY: s.key });
    let stdout = '';
    p.child.stdout!.on('data', (c: Buffer) => (stdout += c));
    const code = await p.exited;
    return { code, stdout, all: p.output() };
  };

  test('a loopback URL is refused with a message naming TRAWL_ALLOW_PRIVATE_NETWORK', async () => {
    const res = await s.api('POST', '/v2/scrape', { url: 'http://127.0.0.1:8099/' });
    assert.equal(res.status, 400);
    const issue = res.body.details.find((d: { path: string[] }) => d.path.join('.') === 'url');
    assert.match(issue.message, /127\.0\.0\.1 is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on/);

    const cli = await trawl(['scrape', 'http://127.0.0.1:8099/']);
    assert.equal(cli.code, 1);
    assert.equal(cli.stdout, '');
    assert.match(cli.all, /url: .*TRAWL_ALLOW_PRIVATE_NETWORK=on/);
  });

  test('a name that does not resolve is the caller’s problem: 400 SCRAPE_DNS_RESOLUTION_ERROR, said plainly', async () => {
    // .invalid never resolves (RFC 6761).
    const res = await s.api('POST', '/v2/scrape', { url: 'http://no-such-host.invalid/' });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.code, 'SCRAPE_DNS_RESOLUTION_ERROR');
    assert.equal(res.body.error, 'No such host: "no-such-host.invalid" does not resolve to an address. Check the URL for a typo.');

    const cli = await trawl(['scrape', 'no-such-host.invalid']);
    assert.equal(cli.code, 1);
    assert.match(cli.all, /No such host: "no-such-host\.invalid" does not resolve to an address\. Check the URL for a typo\./);
    assert.doesNotMatch(cli.all, /500/);
  });
});
