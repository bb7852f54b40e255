/**
 * The one seam between the sub-stores and a database: statements with `?`
 * placeholders, run the same way on SQLite and PostgreSQL. Each backend
 * implements it once (src/store/sqlite/database.ts, src/store/postgres/database.ts);
 * the sub-stores above it (this folder) are written once for both.
 */
export interface Sql {
  readonly dialect: Dialect;
  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  one<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Answers how many rows the statement changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /**
   * Runs `fn` in one transaction, on the handle it is given. It may be run
   * again from the start (PostgreSQL deadlock victim), so it must not act
   * outside the database. `snapshot`: read-only, every read seeing one moment.
   */
  tx<T>(fn: (sql: Sql) => Promise<T>, opts?: { snapshot?: boolean }): Promise<T>;
  /**
   * Inside a transaction: waits until no other transaction holds the named
   * lock, then holds it until this one ends. SQLite's single writer holds
   * every lock already.
   */
  lock(name: string): Promise<void>;
  /** Inside a transaction: takes those of the named locks that are free now, without waiting; answers them in order. */
  tryLocks(names: readonly string[]): Promise<string[]>;
}

/** SQL text the two dialects spell differently. Array parameters bind as JSON text in SQLite, as arrays in PostgreSQL. */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** Appended to a SELECT inside a transaction: locks the rows read (PostgreSQL); SQLite's writer holds the database already. */
  readonly forUpdate: string;
  /** Insertion order of a table's rows: SQLite's rowid, PostgreSQL's `seq` identity column. */
  readonly seq: string;
  /** Appended to an ORDER BY term: byte-wise text order, SQLite's default. */
  readonly bytewise: string;
  /** `column` is one of the values of the next parameter, a string array. */
  inList(column: string): string;
  /** A FROM item: the elements of the next parameter, a JSON array as text, each as the JSON text `value`. */
  readonly jsonRows: string;
  /** The value at top-level `key` of the JSON text in `column` (text in PostgreSQL: cast it to compare numbers). */
  jsonText(column: string, key: string): string;
  /** Days (fractional) from the ISO time in `column` to the ISO time of the next parameter. */
  daysUntilParam(column: string): string;
}
