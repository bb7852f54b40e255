import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { bundledModule } from '../../../src/scrape/transform/thread-script.js';

/** What a thread running `script` (with no loader, as a transform thread runs) posts first. */
async function firstMessage(script: URL): Promise<unknown> {
  const worker = new Worker(script, { execArgv: [] });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('bundledModule', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-thread-script-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = path.join(dir, 'entry.ts');
  fs.writeFileSync(
    entry,
    `import { parentPort } from 'node:worker_threads';
     import { parseDocument } from 'htmlparser2';
     import { word } from './word.ts';
     const text = (parseDocument('<p>' + word + '</p>').children[0] as any).children[0].data as string;
     parentPort!.postMessage(text);`,
  );
  const writeWord = (w: string) => fs.writeFileSync(path.join(dir, 'word.ts'), `export const word: string = ${JSON.stringify(w)};`);

  test('runs TypeScript sources and their packages on a thread with no loader', async () => {
    writeWord('first');
    assert.equal(await firstMessage(await bundledModule(entry)), 'first');
  });

  test('an edited source is run as it is now, never as its old copy', async () => {
    writeWord('first');
    assert.equal(await firstMessage(await bundledModule(entry)), 'first');
    writeWord('second');
    assert.equal(await firstMessage(await bundledModule(entry)), 'second');
  });

  test('a source that does not compile is an error naming it', async () => {
    fs.writeFileSync(path.join(dir, 'word.ts'), 'export const word: string = ;');
    await assert.rejects(bundledModule(entry), /word\.ts/);
  });
});
