import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL for the tests: TRAWL_TEST_DATABASE_URL when set (CI points it at
 * its server), else a throwaway cluster of this process (initdb into a temp
 * dir, listening on 127.0.0.1 and a socket in that dir), stopped at exit.
 * Null when neither is possible: tests for PostgreSQL then skip.
 */
let server: Promise<string | null> | undefined;

export function testPostgres(): Promise<string | null> {
  server ??= process.env.TRAWL_TEST_DATABASE_URL ? Promise.resolve(process.env.TRAWL_TEST_DATABASE_URL) : startCluster();
  return server;
}

/**
 * With TRAWL_TEST_DATABASE_URL set, the fresh database of a test data
 * directory, remembered in it: a test that starts a server again on the same
 * directory finds its data again, as it would in SQLite. Null without it.
 */
export async function testDatabaseFor(dataDir: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.TRAWL_TEST_DATABASE_URL;
  if (!server) return null;
  const marker = path.join(dataDir, 'test-database-url');
  if (fs.existsSync(marker)) return { url: fs.readFileSync(marker, 'utf8'), drop: async () => {} };
  const db = await freshDatabase(server);
  fs.writeFileSync(marker, db.url);
  return db;
}

/** A database of its own, dropped by `drop`. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `trawl_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** On PATH, or where Debian's postgresql package puts it (outside PATH). */
function findBinary(name: string): string | null {
  const debian = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').sort().reverse().map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...debian]) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p)) return p;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startCluster(): Promise<string | null> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  if (!initdb || !pgCtl) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-pg-'));
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asUser.length) execFileSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const [bin, ...rest] = [...asUser, cmd, ...args];
    const r = spawnSync(bin!, rest, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error}`);
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'trawl', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // fsync off: a test cluster is thrown away, durability buys nothing here.
  run(pgCtl, ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  process.on('exit', () => {
    spawnSync(asUser[0] ?? pgCtl, [...asUser.slice(1), ...(asUser.length ? [pgCtl] : []), '-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return `postgres://trawl@127.0.0.1:${port}/postgres`;
}
