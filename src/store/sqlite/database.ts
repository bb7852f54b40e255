import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Dialect, Sql } from '../sql/sql.js';

export type Db = Database.Database;

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens (creating when needed) the SQLite database under the data directory.
 * WAL lets readers proceed while the worker writes; NORMAL sync is durable
 * across a process crash (kill -9), which is the failure that matters here.
 */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'trawl.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Applies the numbered `migrations/NNN-name.sql` files not yet recorded, each in
 * its own transaction, so running it twice (or after a crash mid-way) is safe.
 */
export function migrate(db: Db): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d+-[\w-]+\.sql$/.test(f))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = Number(file.split('-')[0]);
    if (applied.has(version)) continue;
    const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        file,
        new Date().toISOString(),
      );
    })();
    ran.push(file);
  }
  return ran;
}

const dialect: Dialect = {
  name: 'sqlite',
  forUpdate: '',
  seq: 'rowid',
  bytewise: '',
  jsonRows: 'json_each(?)',
  inList: (column) => `${column} IN (SELECT value FROM json_each(?))`,
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  daysUntilParam: (column) => `(julianday(?) - julianday(${column}))`,
};

/**
 * The transaction open on any SQLite connection of this process, if one is.
 * A transaction's statements are separated by awaits: a statement of another
 * caller run in between would join it on the same connection, or, on a second
 * connection, wait synchronously for the write lock this very thread holds.
 * So every other statement waits for it to end; the wait is written out at
 * each call, as an extra await between the check and the statement would let
 * another transaction begin unseen.
 */
let open: Promise<void> | null = null;

/** Arrays bind as JSON text, which `json_each` reads (Dialect.inList). */
const bind = (params: readonly unknown[]) => params.map((p) => (Array.isArray(p) ? JSON.stringify(p) : p));

/**
 * The SQL interface over better-sqlite3. Statements are prepared once and kept
 * by their text: the crawl path runs the same few thousands of times.
 */
export function sqliteSql(db: Db): Sql {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const begin = db.prepare('BEGIN');
  // IMMEDIATE takes the write lock up front: a deferred transaction that reads
  // then writes can fail outright when another connection (the keys CLI) writes.
  const beginWrite = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

  // Runs on the connection as it is: the handle a transaction's body is given.
  const inTx: Sql = {
    dialect,
    async all<R>(sql: string, params: readonly unknown[] = []) {
      return prepare(sql).all(...bind(params)) as R[];
    },
    async one<R>(sql: string, params: readonly unknown[] = []) {
      return prepare(sql).get(...bind(params)) as R | undefined;
    },
    async run(sql, params = []) {
      return prepare(sql).run(...bind(params)).changes;
    },
    tx: (fn) => fn(inTx),
    async lock() {},
    async tryLocks(names) {
      return [...names];
    },
  };

  return {
    ...inTx,
    async all<R>(sql: string, params?: readonly unknown[]) {
      while (open) await open;
      return inTx.all<R>(sql, params);
    },
    async one<R>(sql: string, params?: readonly unknown[]) {
      while (open) await open;
      return inTx.one<R>(sql, params);
    },
    async run(sql, params) {
      while (open) await open;
      return inTx.run(sql, params);
    },
    async tx(fn, opts) {
      while (open) await open;
      let ended!: () => void;
      open = new Promise((resolve) => (ended = resolve));
      try {
        (opts?.snapshot ? begin : beginWrite).run();
        try {
          const out = await fn(inTx);
          commit.run();
          return out;
        } catch (err) {
          if (db.inTransaction) rollback.run();
          throw err;
        }
      } finally {
        open = null;
        ended();
      }
    },
  };
}
