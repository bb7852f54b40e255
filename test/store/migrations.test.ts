import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresStore } from '../../src/store/postgres/index.js';
import { migrate, openDatabase } from '../../src/store/sqlite/database.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import { DataDirLockedError } from '../../src/store/sqlite/lock.js';
import type { Store } from '../../src/store/store.js';
import { freshDatabase, testPostgres } from '../helpers/postgres.js';
import { run } from '../helpers/process.js';
import { tempDataDir } from '../helpers/server.js';

const pgServer = await testPostgres().catch(() => null);
const holder = fileURLToPath(new URL('../fixtures/hold-store.ts', import.meta.url));
const migrationFiles = fs
  .readdirSync(fileURLToPath(new URL('../../src/store/sqlite/migrations/', import.meta.url)))
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('store migrations and ownership', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = tempDataDir();
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  test('migrations are safe to run twice: reopening a data dir keeps its data and applies nothing', async () => {
    const dir = dataDir();
    const first = createSqliteStore(dir);
    const job = await first.jobs.create({ kind: 'crawl', teamId: 't1', options: { limit: 5 } });
    await first.close();

    const second = createSqliteStore(dir);
    assert.deepEqual((await second.jobs.get(job.id))?.options, { limit: 5 });
    await second.close();

    const db = openDatabase(dir);
    try {
      assert.deepEqual(migrate(db), []);
      const applied = db.prepare('SELECT name FROM schema_migrations ORDER BY version').pluck().all();
      assert.deepEqual(applied, migrationFiles);
      assert.ok(applied.includes('002-jobs.sql'));
    } finally {
      db.close();
    }
  });

  test('a live process keeps the data dir to itself; the lock of a killed one is taken over', async () => {
    const dir = dataDir();
    const child = run(process.execPath, ['--import', 'tsx', holder, dir], {});
    try {
      const [, pid] = (await child.waitFor(/holding (\d+)/)) as RegExpMatchArray;
      assert.throws(() => createSqliteStore(dir), (err: unknown) => {
        assert.ok(err instanceof DataDirLockedError);
        assert.match(err.message, new RegExp(`pid ${pid}`));
        return true;
      });
      // Operator commands share the database without taking the lock.
      const shared = createSqliteStore(dir, { exclusive: false });
      await shared.close();

      child.child.kill('SIGKILL');
      await child.exited;
      assert.equal(fs.readFileSync(path.join(dir, 'trawl.pid'), 'utf8').trim(), pid, 'kill -9 left its lock behind');
      const store = createSqliteStore(dir);
      assert.equal(fs.readFileSync(path.join(dir, 'trawl.pid'), 'utf8').trim(), String(process.pid));
      await store.close();
    } finally {
      child.child.kill('SIGKILL');
    }
  });
});

const pgMigrationFiles = fs
  .readdirSync(fileURLToPath(new URL('../../src/store/postgres/migrations/', import.meta.url)))
  .filter((f) => f.endsWith('.sql'))
  .sort();

test('PostgreSQL has the same migrations, by number and name, as SQLite', () => {
  assert.deepEqual(pgMigrationFiles, migrationFiles);
});

describe('PostgreSQL migrations', { skip: pgServer ? false : 'no PostgreSQL here: set TRAWL_TEST_DATABASE_URL or install initdb/pg_ctl' }, () => {
  test('processes starting together on an empty database apply each migration once, and all share it', async () => {
    const db = await freshDatabase(pgServer!);
    const stores: Store[] = [];
    try {
      stores.push(...(await Promise.all([1, 2, 3, 4].map(() => createPostgresStore(db.url)))));
      const job = await stores[0]!.jobs.create({ kind: 'crawl', teamId: 't1', options: { limit: 5 } });
      assert.deepEqual((await stores[3]!.jobs.get(job.id))?.options, { limit: 5 }, 'no ownership lock: every process reads and writes');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT name FROM schema_migrations ORDER BY version');
        assert.deepEqual(
          rows.map((r) => r.name),
          pgMigrationFiles,
        );
      } finally {
        await client.end();
      }
      const again = await createPostgresStore(db.url);
      stores.push(again);
      assert.deepEqual((await again.jobs.get(job.id))?.options, { limit: 5 }, 'a restart keeps the data');
    } finally {
      for (const s of stores) await s.close();
      await db.drop();
    }
  });
});
