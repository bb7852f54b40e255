/** Entries kept at most, per cache; past it the cache starts over. */
const MAX_ENTRIES = 10_000;

/**
 * Rows read from memory after the first time, for a store that alone writes its
 * database (`exclusive`: SQLite's data directory lock); otherwise every read goes to
 * the database, as another process may have written since. Values are kept as read
 * (JSON text, not parsed objects a caller could change).
 */
export function readCache<V>(exclusive: boolean) {
  const values = new Map<string, V>();
  /** Moves with each write: a read that began before one does not keep what it read. */
  let writes = 0;
  return {
    async read(key: string, load: () => Promise<V>): Promise<V> {
      if (values.has(key)) return values.get(key)!;
      const before = writes;
      const value = await load();
      if (exclusive && before === writes) {
        if (values.size >= MAX_ENTRIES) values.clear();
        values.set(key, value);
      }
      return value;
    },
    async write<T>(key: string, save: () => Promise<T>): Promise<T> {
      writes++;
      values.delete(key);
      try {
        return await save();
      } finally {
        writes++;
        values.delete(key);
      }
    },
  };
}
