import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { startCheckpointer } from '../../src/store/sqlite/checkpointer.js';
import { openDatabase, sqliteSql } from '../../src/store/sqlite/database.js';
import { tempDataDir } from '../helpers/server.js';

const dir = tempDataDir();
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Times the WAL has started over: the checkpoint sequence number of its header (byte 12,
 * big-endian, sqlite.org/walformat.html) goes up by one at each start.
 */
function walStarts(wal: number): number {
  const header = Buffer.alloc(16);
  return fs.readSync(wal, header, 0, 16, 0) < 16 ? 0 : header.readUInt32BE(12);
}

// The checkpoint runs on its own thread (checkpointer.ts). Copying alone would never let the
// WAL start over while writes follow each other without a pause, as a crawl's do. How long the
// WAL grows before a start depends on how fast the thread copies against how fast the writes
// come (on a loaded machine, well past the threshold), so what is asserted is that it starts
// over again and again, not a size. At load 9-14 on 2 cores: 8 starts in 2,800-3,000 writes;
// with the copies alone (no wait before the last), 1-5 starts in 20,000.
test('through an unbroken stream of writes the WAL starts over, and every write is kept', async () => {
  const START_FRAMES = 200;
  const WRITERS = 4;
  const STARTS = 8;
  // ~4 KB of database a row: without the starts, the WAL would hold them all (~80 MB).
  const MAX_ROWS = 20_000;
  const db = openDatabase(dir);
  const sql = sqliteSql(db, startCheckpointer(db, START_FRAMES));
  await sql.run('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const wal = fs.openSync(`${db.name}-wal`, 'r');
  const first = walStarts(wal);
  let written = 0;
  let starts = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (starts < STARTS && written < MAX_ROWS) {
        // Random text (~2 KB) that no page could share with another.
        await sql.run('INSERT INTO blobs (body) VALUES (?)', [crypto.randomBytes(1536).toString('base64')]);
        written++;
        starts = walStarts(wal) - first;
      }
    }),
  );
  fs.closeSync(wal);
  await sql.close();
  assert.ok(starts >= STARTS, `the WAL started over ${starts} times in ${written} writes`);

  const reopened = openDatabase(dir);
  assert.equal((reopened.prepare('SELECT count(*) AS n FROM blobs').get() as { n: number }).n, written);
  reopened.close();
});
