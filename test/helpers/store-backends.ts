import fs from 'node:fs';
import { createPostgresStore } from '../../src/store/postgres/index.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { freshDatabase, testPostgres } from './postgres.js';
import { tempDataDir } from './server.js';

/** One empty database of a backend, and a way to open it again as another process would. */
export interface OpenedBackend {
  store: Store;
  /** A second store on the same data (a second connection, or pool), closed with the first. */
  another(): Promise<Store>;
  close(): Promise<void>;
}

export interface StoreBackend {
  name: 'sqlite' | 'postgres';
  /** Why the backend's tests are skipped here, if they are. */
  skip: string | false;
  open(opts?: { jobRetentionMs?: number }): Promise<OpenedBackend>;
}

/**
 * The backends store tests run against, so that each assertion holds for both:
 * SQLite always, PostgreSQL when one can be had (see helpers/postgres.ts).
 */
export async function storeBackends(): Promise<StoreBackend[]> {
  const pgServer = await testPostgres().catch(() => null);
  return [
    {
      name: 'sqlite',
      skip: false,
      async open(opts = {}) {
        const dir = tempDataDir();
        const store = createSqliteStore(dir, opts);
        const others: Store[] = [];
        return {
          store,
          async another() {
            const s = createSqliteStore(dir, { ...opts, exclusive: false });
            others.push(s);
            return s;
          },
          async close() {
            for (const s of others) await s.close();
            await store.close();
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: 'postgres',
      skip: pgServer ? false : 'no PostgreSQL here: set TRAWL_TEST_DATABASE_URL or install initdb/pg_ctl',
      async open(opts = {}) {
        const db = await freshDatabase(pgServer!);
        const store = await createPostgresStore(db.url, opts);
        const others: Store[] = [];
        return {
          store,
          async another() {
            const s = await createPostgresStore(db.url, opts);
            others.push(s);
            return s;
          },
          async close() {
            for (const s of others) await s.close();
            await store.close();
            await db.drop();
          },
        };
      },
    },
  ];
}
