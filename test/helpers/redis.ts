import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface TestRedis {
  url: string;
}

let shared: Promise<TestRedis> | null = null;

/**
 * A real Redis: TRAWL_TEST_REDIS_URL when set (CI starts one), otherwise a
 * redis-server of this test file's own on a free port, keeping nothing on
 * disk and killed when the file's process exits. Tests keep apart with
 * `redisPrefix()`.
 */
export function testRedis(): Promise<TestRedis> {
  shared ??= start();
  return shared;
}

/** A key prefix of its own, so tests sharing one Redis never see each other's keys or messages. */
export const redisPrefix = () => `trawl-test-${randomUUID().slice(0, 8)}`;

async function start(): Promise<TestRedis> {
  const url = process.env.TRAWL_TEST_REDIS_URL;
  if (url) return { url };
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  // It lives as long as this test file's process, without keeping that process up.
  child.unref();
  process.on('exit', () => child.kill('SIGKILL'));
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  for (let i = 0; !(await Promise.race([accepts(port), spawnFailed])); i++) {
    if (i > 300) throw new Error(`redis-server did not start on port ${port}`);
    await sleep(20);
  }
  return { url: `redis://127.0.0.1:${port}` };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
