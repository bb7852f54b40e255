import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { detectIsolation, isolatedCommand, type Isolation } from '../../src/sandbox/isolation.js';
import { startSite, type Site } from '../fixtures/site.js';

// The OS layer under the `node` child, tested on its own (below the JavaScript guard): where
// this host allows it, a process started this way has no network and bounded memory.

function runIsolated(isolation: Isolation, script: string): Promise<string> {
  const { command, args } = isolatedCommand(isolation, process.execPath, ['-e', script]);
  return new Promise((resolve) => {
    execFile(command, args, { env: {}, timeout: 30_000 }, (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
}

describe('sandbox: OS isolation', () => {
  let site: Site;
  let isolation: Isolation;

  before(async () => {
    site = await startSite({ '/': { text: 'reachable' } });
    isolation = await detectIsolation();
  });

  after(() => site?.close());

  it('a child in its own network namespace reaches nothing, not even loopback', async (t) => {
    if (!isolation.unshare) return t.skip('this host forbids unprivileged user namespaces');
    const out = await runIsolated(
      isolation,
      `const s = require('net').connect(${site.port}, '127.0.0.1');
       s.on('connect', () => console.log('connected')); s.on('error', (e) => console.log('error', e.code));`,
    );
    assert.match(out, /error (ENETUNREACH|ECONNREFUSED)/);
    assert.equal(site.connections, 0);
  });

  it("a huge allocation fails instead of taking the host's memory", async (t) => {
    if (!isolation.prlimit) return t.skip('prlimit is not installed');
    const out = await runIsolated(isolation, `try { Buffer.alloc(3 * 1024 ** 3); console.log('allocated'); } catch (e) { console.log('refused', e.message); }`);
    assert.match(out, /refused/);
  });
});
