import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Site, startSite } from '../fixtures/site.js';
import { clientEnv, outboundConnections } from './harbour.js';

// The guard the compatibility suite preloads into each client must really stop a connection
// beyond 127.0.0.1, or the suite's "talked to Trawl only" checks prove nothing. 127.0.0.2 stands
// in for the internet: were the guard broken, the request would still stay on this machine.
describe('the compatibility suite’s loopback-only guard', () => {
  let inside: Site;
  let outside: Site;
  let home: string;

  before(async () => {
    [inside, outside] = await Promise.all([startSite({ '/': { text: 'in' } }), startSite({ '/': { text: 'out' } }, { host: '127.0.0.2' })]);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-compat-guard-'));
  });
  after(async () => {
    await Promise.all([inside.close(), outside.close()]);
    fs.rmSync(home, { recursive: true, force: true });
  });

  const fetchIn = (url: string): Promise<string> =>
    new Promise((resolve) => {
      const script = `fetch(${JSON.stringify(url)}).then((r) => r.text()).then((t) => console.log('got ' + t), (e) => console.log('failed ' + (e.cause?.message ?? e.message)))`;
      execFile(process.execPath, ['-e', script], { env: clientEnv('http://127.0.0.1:1', 'fc-unused', home) }, (_err, stdout) => resolve(stdout.trim()));
    });

  test('lets a client reach 127.0.0.1', async () => {
    assert.equal(await fetchIn(inside.url('/')), 'got in');
    assert.deepEqual(outboundConnections(home), []);
  });

  test('refuses and records a connection anywhere else', async () => {
    assert.match(await fetchIn(outside.url('/')), /^failed .*connection to 127\.0\.0\.2:\d+ refused \(loopback only\)/);
    assert.deepEqual(outboundConnections(home), [`127.0.0.2:${outside.port}`]);
    assert.equal(outside.requests.length, 0);
  });
});
