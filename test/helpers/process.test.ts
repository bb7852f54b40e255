import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const helper = fileURLToPath(new URL('./process.ts', import.meta.url));

/** A test process that starts a long-running child with run(), says its pid, then ends as `end` says. */
async function testProcessWithChild(end: string): Promise<{ childPid: number; ended: Promise<[number | null, NodeJS.Signals | null]>; signal: (s: NodeJS.Signals) => void }> {
  const script = `
    import { run } from ${JSON.stringify(helper)};
    const r = run('sleep', ['300'], {});
    console.log('child ' + r.child.pid);
    ${end}
  `;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let out = '';
  for await (const chunk of proc.stdout!) {
    out += chunk;
    if (/child \d+/.test(out)) break;
  }
  return { childPid: Number(/child (\d+)/.exec(out)![1]), ended, signal: (s) => proc.kill(s) };
}

/** Gone, or a zombie left for init to reap: either way no longer running. */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('run', () => {
  it("kills the children it started when the test process is stopped by a signal, and still ends by that signal", async () => {
    const t = await testProcessWithChild('setInterval(() => {}, 1000);');
    assert.ok(running(t.childPid));
    t.signal('SIGTERM');
    const [code, signal] = await t.ended;
    assert.equal(signal, 'SIGTERM', `ended with code ${code}`);
    assert.equal(running(t.childPid), false);
  });

  it('kills the children it started when the test process exits', async () => {
    const t = await testProcessWithChild('setTimeout(() => process.exit(0), 100);');
    const [code] = await t.ended;
    assert.equal(code, 0);
    assert.equal(running(t.childPid), false);
  });
});
