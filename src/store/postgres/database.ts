import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Dialect, Sql } from '../sql/sql.js';
import { numberPlaceholders } from './placeholders.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant would do: it only has to be the same in every Trawl process sharing the database. */
const MIGRATION_LOCK = 7_210_001;

// Counts and sums come back as int8/numeric, which pg leaves as strings; every
// figure Trawl stores fits a double, and callers expect numbers as from SQLite.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PoolLog {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** Connections lost, by pool: reported once per outage, not once per connection. */
const outages = new WeakMap<pg.Pool, (err: Error) => void>();

export function openPool(databaseUrl: string, max: number, log?: PoolLog): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, types });
  let lost = false;
  const onLost = (err: Error) => {
    if (lost) return;
    lost = true;
    const why = (err as { code?: string }).code ?? err.message;
    log?.error({ postgres: why }, `PostgreSQL connection lost (${why}): reconnecting at the next query; requests and tasks that need it fail or wait meanwhile`);
  };
  outages.set(pool, onLost);
  // An idle connection the server dropped must not take the process down.
  pool.on('error', onLost);
  pool.on('connect', () => {
    if (!lost) return;
    lost = false;
    log?.info({}, 'PostgreSQL is reachable again');
  });
  return pool;
}

/** Deadlock and serialization failures: the transaction did nothing and is safe to run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `fn` in one transaction on one connection, again from the start when
 * PostgreSQL chose it as a deadlock victim (several processes taking row locks
 * in different orders, which the stores keep rare but cannot rule out).
 */
export async function transaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  mode = 'BEGIN',
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A checked-out connection that drops between two queries emits `error` on
    // the client, which the pool only listens to while the client is idle:
    // unheard, it would end the process. The next query fails and says so.
    const onLost = (err: Error) => {
      broken ??= err;
      outages.get(pool)?.(err);
    };
    client.on('error', onLost);
    try {
      await client.query(mode);
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      // A connection that cannot even roll back is dropped rather than handed to the next caller.
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      const code = (err as { code?: string }).code;
      if (!(code && RETRYABLE.has(code) && attempt < 5)) throw err;
    } finally {
      client.off('error', onLost);
      client.release(broken);
    }
  }
}

/**
 * Applies the numbered `migrations/NNN-name.sql` files not yet recorded, all in
 * one transaction under an advisory lock: processes starting together wait for
 * the first one, then find nothing left to do.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d+-[\w-]+\.sql$/.test(f))
    .sort();
  return transaction(pool, async (c) => {
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const applied = new Set((await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const ran: string[] = [];
    for (const file of files) {
      const version = Number(file.split('-')[0]);
      if (applied.has(version)) continue;
      await c.query(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
      await c.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        version,
        file,
        new Date().toISOString(),
      ]);
      ran.push(file);
    }
    return ran;
  });
}

const dialect: Dialect = {
  name: 'postgres',
  forUpdate: ' FOR UPDATE',
  seq: 'seq',
  bytewise: ' COLLATE "C"',
  jsonRows: 'json_array_elements(?::json) AS elements(value)',
  inList: (column) => `${column} = ANY(?::text[])`,
  jsonText: (column, key) => `(${column}::jsonb ->> '${key}')`,
  daysUntilParam: (column) => `(extract(epoch FROM (?::timestamptz - ${column}::timestamptz)) / 86400)`,
};

/** Statements by their shared text, rewritten once: the same few run over and over. */
const rewritten = new Map<string, string>();
const text = (sql: string) => {
  let s = rewritten.get(sql);
  if (s === undefined) rewritten.set(sql, (s = numberPlaceholders(sql)));
  return s;
};

/** Advisory locks take a number: the name's 64-bit hash. */
const LOCK = 'SELECT pg_advisory_xact_lock(hashtextextended(?, 0))';
const TRY_LOCKS = `SELECT name FROM unnest(?::text[]) WITH ORDINALITY AS u(name, i)
  WHERE pg_try_advisory_xact_lock(hashtextextended(name, 0)) ORDER BY i`;

/**
 * Statements that begin with this comment are prepared once per connection
 * under a name, so that PostgreSQL may keep their plan: for a statement as
 * large as the task claim, planning costs more than running it. Only such
 * statements: a kept plan of `SELECT *` would break once a migration adds a column.
 */
const PREPARED = '-- prepared\n';
const names = new Map<string, string>();
const query = (statement: string, params: readonly unknown[]): pg.QueryConfig => {
  if (!statement.startsWith(PREPARED)) return { text: text(statement), values: params as unknown[] };
  let name = names.get(statement);
  if (name === undefined) names.set(statement, (name = `trawl_${names.size + 1}`));
  return { name, text: text(statement), values: params as unknown[] };
};

function onConnection(c: pg.Pool | pg.PoolClient, tx: Sql['tx']): Sql {
  const sql: Sql = {
    dialect,
    async all<R>(statement: string, params: readonly unknown[] = []) {
      return (await c.query(query(statement, params))).rows as R[];
    },
    async one<R>(statement: string, params: readonly unknown[] = []) {
      return (await c.query(query(statement, params))).rows[0] as R | undefined;
    },
    async run(statement, params = []) {
      return (await c.query(query(statement, params))).rowCount ?? 0;
    },
    tx,
    async lock(name) {
      await sql.run(LOCK, [name]);
    },
    async tryLocks(names) {
      return (await sql.all<{ name: string }>(TRY_LOCKS, [names])).map((r) => r.name);
    },
  };
  return sql;
}

/** The SQL interface over a pool: statements outside a transaction take any connection, a transaction keeps one. */
export function postgresSql(pool: pg.Pool): Sql {
  return onConnection(pool, (fn, opts) =>
    transaction(
      pool,
      (client) => {
        const inTx: Sql = onConnection(client, (inner) => inner(inTx));
        return fn(inTx);
      },
      opts?.snapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN',
    ),
  );
}
