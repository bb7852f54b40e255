import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { startCheckpointer } from '../../src/store/sqlite/checkpointer.js';
import { openDatabase, sqliteSql } from '../../src/store/sqlite/database.js';
import { tempDataDir } from '../helpers/server.js';

const dir = tempDataDir();
after(() => fs.rmSync(dir, { recursive: true, force: true }));

// The checkpoint runs on its own thread (checkpointer.ts). Copying alone would never let the
// WAL start over while writes follow each other without a pause, as a crawl's do.
test('through an unbroken stream of writes the WAL starts over, and every write is kept', async () => {
  const START_FRAMES = 200;
  const WRITERS = 4;
  const ROWS = 6000;
  const db = openDatabase(dir);
  const file = db.name;
  const sql = sqliteSql(db, startCheckpointer(db, START_FRAMES));
  await sql.run('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  let written = 0;
  let walBytes = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (written < ROWS) {
        // Random text (~2 KB) that no page could share with another.
        await sql.run('INSERT INTO blobs (body) VALUES (?)', [crypto.randomBytes(1536).toString('base64')]);
        written++;
        walBytes = Math.max(walBytes, fs.statSync(`${file}-wal`).size);
      }
    }),
  );
  await sql.close();
  // A WAL that never started over would hold every page of the database, and more.
  const dbBytes = fs.statSync(file).size;
  assert.ok(walBytes < dbBytes / 2, `the WAL grew to ${walBytes} bytes, the database is ${dbBytes}`);

  const reopened = openDatabase(dir);
  assert.equal((reopened.prepare('SELECT count(*) AS n FROM blobs').get() as { n: number }).n, written);
  reopened.close();
});
