import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Dialect, Sql } from '../sql/sql.js';
import type { Checkpointer } from './checkpointer.js';

export type Db = Database.Database;

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const AUTOCHECKPOINT_FRAMES = 10_000;

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
  // A checkpoint runs inside the commit that crosses this many WAL pages, on the main thread,
  // with two fsyncs. SQLite's 1000 (4 MB) came every ~20 crawled pages, a crawl rewriting the
  // same index pages each commit; a checkpoint copies each page once however often the WAL
  // holds it, so 10 times the window copies far less per page (a crawl's commit time about
  // halved) for a WAL of up to ~40 MB on disk. Crash safety is the WAL's, not the checkpoint's.
  // A store owning the data directory checkpoints on a thread instead (checkpointer.ts).
  db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_FRAMES}`);
  // Every commit walks the page cache's hash table (pcache1TruncateUnsafe), whose size follows
  // the cache: at better-sqlite3's 16 MB that walk was ~2% of a crawl's main thread, at 4 MB
  // ~0.5%, for ~0.4% more in reads of pages the cache no longer holds (from the OS's cache),
  // and up to 12 MB less resident memory through a long crawl.
  db.pragma('cache_size = -4000');
  // A transaction's savepoint inside the group commit keeps the pages it changes in a
  // sub-journal, which SQLite moves to a new temporary file past 64 KB (created, written and
  // deleted: ~3% of a crawl's main thread). Memory holds them instead; it is only ever needed
  // to roll that savepoint back, so crash safety is untouched.
  db.pragma('temp_store = MEMORY');
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
 * Group commit. Writes are gathered into one SQLite transaction, the batch,
 * committed once the event loop has run what is ready now, and one turn more:
 * the pages of a crawl in flight write at about the same moments, and one
 * commit for all of them costs what one commit for each did not. A write (or
 * a transaction) answers only once its batch is committed, so what a caller
 * is told is written is as durable as before; a transaction runs in a
 * savepoint of the batch, all or nothing as before; and statements run in the
 * order they were called, so a crash leaves the state of some moment of that
 * order. A read outside a transaction waits for the batch to commit, never
 * answering what a crash could still take back.
 *
 * One batch at a time in the process, on one connection: a statement on a
 * second connection would wait synchronously for the write lock this very
 * thread holds. A transaction's statements are separated by awaits, so while
 * its body runs every other statement waits for it to end; the wait is
 * written out at each call, as an extra await between the check and the
 * statement would let another transaction begin unseen.
 */
interface Batch {
  db: Db;
  /** Settles when the batch is committed (or failed); never rejects, see `error`. */
  done: Promise<void>;
  end: () => void;
  error?: unknown;
  /** The commit is due and waits for the running body to end. */
  due: boolean;
}
let batch: Batch | null = null;
/** A transaction's body running (its savepoint or snapshot open). */
let body: Promise<void> | null = null;

/** Arrays bind as JSON text, which `json_each` reads (Dialect.inList). */
const bind = (params: readonly unknown[]) => params.map((p) => (Array.isArray(p) ? JSON.stringify(p) : p));

/**
 * What a statement outside a transaction waits for: a body, a batch it cannot join, or
 * (a write) the WAL being made ready to start over (checkpointer.ts).
 */
const blocker = (db: Db, reading: boolean, checkpointer?: Checkpointer): Promise<void> | null =>
  body ?? (batch && (reading || batch.db !== db) ? batch.done : reading ? null : (checkpointer?.hold ?? null));

/**
 * The SQL interface over better-sqlite3. Statements are prepared once and kept
 * by their text: the crawl path runs the same few thousands of times.
 */
export function sqliteSql(db: Db, checkpointer?: Checkpointer): Sql & { close(): Promise<void> } {
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
  const savepoint = db.prepare('SAVEPOINT tx');
  const release = db.prepare('RELEASE tx');
  const rollbackTo = db.prepare('ROLLBACK TO tx');

  const commitBatch = (b: Batch) => {
    if (batch !== b) return;
    if (body) {
      b.due = true;
      return;
    }
    batch = null;
    try {
      if (b.error === undefined) {
        commit.run();
        checkpointer?.committed();
      }
    } catch (err) {
      b.error = err;
    }
    if (b.error !== undefined && db.inTransaction) rollback.run();
    b.end();
  };
  /** The batch on this connection, opened when there is none. */
  const joinBatch = (): Batch => {
    if (batch) return batch;
    beginWrite.run();
    let end!: () => void;
    const b: Batch = { db, done: new Promise((resolve) => (end = resolve)), end, due: false };
    batch = b;
    // Not at the end of this turn but of the next: the I/O that turn polls (responses, the
    // transform threads' pages) writes into the same batch. In 9 pairs of warm crawls in turns
    // (load 2.9-6): median pages/s 642 -> 718, main thread a page 0.70 -> 0.67 ms.
    setImmediate(() => setImmediate(() => commitBatch(b)));
    return b;
  };
  /** Answers `value` once `b` is committed, or its failure. */
  const committed = async <T>(b: Batch, value: T): Promise<T> => {
    await b.done;
    if (b.error !== undefined) throw b.error;
    return value;
  };
  /** A statement failed inside the batch; SQLite may have rolled the whole of it back. */
  const failed = (b: Batch, err: unknown) => {
    if (db.inTransaction || b.error !== undefined) return;
    // Its joiners are told so; later statements start a batch of their own.
    b.error = err;
    if (batch === b) batch = null;
    b.end();
  };

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

  /** Runs `fn` with nothing else on the connection meanwhile. */
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    let ended!: () => void;
    body = new Promise((resolve) => (ended = resolve));
    try {
      return await fn();
    } finally {
      body = null;
      ended();
      if (batch?.due) commitBatch(batch);
    }
  };

  return {
    ...inTx,
    async all<R>(sql: string, params?: readonly unknown[]) {
      for (let w = blocker(db, true); w; w = blocker(db, true)) await w;
      return prepare(sql).all(...bind(params ?? [])) as R[];
    },
    async one<R>(sql: string, params?: readonly unknown[]) {
      for (let w = blocker(db, true); w; w = blocker(db, true)) await w;
      return prepare(sql).get(...bind(params ?? [])) as R | undefined;
    },
    async run(sql, params) {
      for (let w = blocker(db, false, checkpointer); w; w = blocker(db, false, checkpointer)) await w;
      const b = joinBatch();
      let changes: number;
      try {
        changes = prepare(sql).run(...bind(params ?? [])).changes;
      } catch (err) {
        failed(b, err);
        throw err;
      }
      return committed(b, changes);
    },
    async tx(fn, opts) {
      for (let w = blocker(db, !!opts?.snapshot, checkpointer); w; w = blocker(db, !!opts?.snapshot, checkpointer)) await w;
      if (opts?.snapshot) {
        return exclusive(async () => {
          begin.run();
          try {
            return await fn(inTx);
          } finally {
            if (db.inTransaction) commit.run();
          }
        });
      }
      const b = joinBatch();
      const out = await exclusive(async () => {
        savepoint.run();
        try {
          const value = await fn(inTx);
          release.run();
          return value;
        } catch (err) {
          if (db.inTransaction) {
            rollbackTo.run();
            release.run();
          } else failed(b, err);
          throw err;
        }
      });
      return committed(b, out);
    },
    async close() {
      for (let w = blocker(db, true); w; w = blocker(db, true)) await w;
      await checkpointer?.close();
      db.close();
    },
  };
}
