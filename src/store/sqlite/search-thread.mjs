// The thread that owns search.sqlite (search-index.ts): it runs the statements the main
// thread sends, one message at a time, in the order sent. Plain JavaScript that imports
// nothing of Trawl's, so the thread needs no TypeScript loader: a loader is a thread of
// its own in Node 20, and the two together were ~25 MB more of the process's memory.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const statements = new Map();
const prepare = (sql) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
};
/** Runs `sql` once for each row of parameters, all in one transaction. */
const runEach = db.transaction((sql, rows) => {
  const statement = prepare(sql);
  for (const params of rows) statement.run(...params);
});

parentPort.on('message', (req) => {
  try {
    if (req.op === 'runEach') {
      runEach(req.sql, req.rows);
      parentPort.postMessage({ id: req.id });
    } else if (req.op === 'all') {
      parentPort.postMessage({ id: req.id, value: prepare(req.sql).all(...req.params) });
    } else {
      db.close();
      parentPort.postMessage({ id: req.id });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id: req.id, error });
  }
});
