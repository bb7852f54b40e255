// The WAL checkpoint on a thread of its own. SQLite's automatic checkpoint runs inside the
// commit that crosses its threshold, on the main thread: tens to hundreds of milliseconds of
// copying and fsyncs during which no page of a crawl moves. Here a second connection, on a
// worker thread, copies the WAL into the database while the main thread goes on writing.
//
// Copying alone never shortens the WAL: SQLite starts it over only when a write transaction
// begins while every frame is already copied, and a stream of writes commits again before a
// checkpoint catches up (in test/store/checkpoint.test.ts such a WAL outgrew the database).
// So once the WAL is long, one checkpoint copies it, one more copies what was written
// meanwhile, and should the WAL still not have started over, writes wait for a last
// checkpoint of the few frames left (~15 ms in a crawl). Checkpointing oftener (every 100 ms)
// cost the 10,000-page crawl of bench/memory.ts ~0.15 ms of CPU a page more in two pairs: a
// checkpoint copies every page its frames hold, and the same index pages are in every
// stretch of the WAL.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** The WAL's length in 4 KB frames (~33 MB) from which it is checkpointed and started over. */
const START_FRAMES = 8_000;
/** Checkpoints after the first that run beside the writes, before writes wait for one. */
const FREE_FOLLOW_UPS = 1;
/** Checkpoints writes wait for that may fall short (another process reading) before they go on anyway. */
const HELD_TRIES = 3;

interface Progress {
  /** Frames in the WAL. */
  log: number;
  /** Of them, copied into the database. */
  checkpointed: number;
}

// Plain CommonJS, evaluated: the thread needs no loader and no bundle for this.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
parentPort.on('message', (close) => {
  if (close) {
    db.close();
    parentPort.close();
    return;
  }
  parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
});`;

export interface Checkpointer {
  /** A write transaction committed. */
  committed(): void;
  /** While the WAL is made ready to start over: what writes wait for. */
  readonly hold: Promise<void> | null;
  close(): Promise<void>;
}

/**
 * Checkpoints `db` (open in WAL mode) from a worker thread once its WAL is `startFrames`
 * long, in place of the connection's own checkpoints; should the thread die, those again.
 */
export function startCheckpointer(db: Database.Database, startFrames = START_FRAMES): Checkpointer {
  const file = db.name;
  // What the connection checkpoints at by itself, given back should the thread die.
  const ownFrames = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  // The WAL's length, read where SQLite keeps it: mxFrame, at byte 16 of the wal-index
  // header in the -shm file, in the machine's byte order (sqlite.org/walformat.html).
  const shm = fs.openSync(`${file}-shm`, 'r');
  const header = Buffer.alloc(20);
  const frames = () => {
    if (fs.readSync(shm, header, 0, 20, 0) < 20) return 0;
    return os.endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16);
  };

  /** Started at the first checkpoint: a store that never writes that much needs no thread. */
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  /** Checkpoints of this round so far; 0 when none is under way. */
  let round = 0;
  let hold: Promise<void> | null = null;
  let release: (() => void) | null = null;
  let stopped = false;

  // The thread holds the process open only while a checkpoint is in hand: writes may wait for it.
  const checkpoint = () => {
    worker ??= start();
    if (!round++) worker.ref();
    worker.postMessage(false);
  };
  const resume = () => {
    release?.();
    hold = release = null;
  };
  const progressed = (p: Progress) => {
    if (stopped) return;
    const now = frames();
    // Started over already, or (writes waiting) every frame copied and none written since:
    // the next write transaction starts it over.
    // A write transaction open now began before the last frame was copied: not that one.
    const done = now < p.log || (hold && now === p.log && p.checkpointed >= p.log && !db.inTransaction);
    if (done || round >= 1 + FREE_FOLLOW_UPS + HELD_TRIES) {
      resume();
      round = 0;
      worker!.unref();
    } else {
      // The batch open now still commits; the checkpoints after it copy everything.
      if (round === 1 + FREE_FOLLOW_UPS) hold = new Promise((resolve) => (release = resolve));
      checkpoint();
    }
  };
  const stop = () => {
    stopped = true;
    resume();
    fs.closeSync(shm);
  };
  const died = () => {
    if (stopped) return;
    stop();
    db.pragma(`wal_autocheckpoint = ${ownFrames}`);
  };
  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const w = new Worker(THREAD, { eval: true, execArgv: [], workerData: { driver, file } });
    w.on('message', progressed);
    w.on('error', died);
    exited = new Promise<void>((resolve) =>
      w.on('exit', () => {
        died();
        resolve();
      }),
    );
    return w;
  };

  return {
    committed() {
      // A read of the page cache, a few microseconds: a commit takes a hundred or more.
      if (!round && !stopped && frames() >= startFrames) checkpoint();
    },
    get hold() {
      return hold;
    },
    async close() {
      if (stopped) return;
      stop();
      worker?.ref();
      worker?.postMessage(true);
      await exited;
    },
  };
}
