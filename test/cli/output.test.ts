import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileNameFor, PageWriter } from '../../src/cli/output.js';
import { Progress } from '../../src/cli/progress.js';

describe('CLI output helpers', () => {
  test('file names come from the URL and are safe', () => {
    assert.equal(fileNameFor('https://example.com/', 'md'), 'example.com.md');
    assert.equal(fileNameFor('https://example.com/docs/intro/', 'md'), 'example.com_docs_intro.md');
    assert.equal(fileNameFor('http://127.0.0.1:8080/a?b=1&c=2', 'json'), '127.0.0.1_8080_a_b_1_c_2.json');
    assert.equal(fileNameFor('https://example.com/../../etc/passwd', 'md'), 'example.com_etc_passwd.md');
    assert.equal(fileNameFor('https://example.com/%2e%2e/%2F..', 'md'), 'example.com_2F.md');
    assert.equal(fileNameFor('../../x', 'md'), 'x.md');
    assert.equal(fileNameFor('', 'md'), 'page.md');
    const long = fileNameFor(`https://example.com/${'a'.repeat(400)}`, 'md');
    assert.ok(long.length <= 153, long);
    assert.notEqual(long, fileNameFor(`https://example.com/${'a'.repeat(401)}`, 'md'), 'long names stay distinct');
  });

  test('two pages whose names collide both get written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-pages-'));
    try {
      const w = new PageWriter(dir, 'markdown');
      const meta = (url: string) => ({ statusCode: 200, sourceURL: url });
      w.write({ markdown: 'one', metadata: meta('https://example.com/a?b') });
      w.write({ markdown: 'two', metadata: meta('https://example.com/a_b') });
      assert.deepEqual(fs.readdirSync(dir).sort(), ['example.com_a_b-2.md', 'example.com_a_b.md']);
      assert.equal(fs.readFileSync(path.join(dir, 'example.com_a_b-2.md'), 'utf8'), 'two\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('progress is a bar redrawn in place on a terminal, plain lines elsewhere', () => {
    let tty = '';
    const bar = new Progress('Crawling', { isTTY: true, write: (t: string) => (tty += t) });
    bar.update(0, 4);
    bar.update(2, 4);
    bar.update(2, 4);
    bar.update(4, 4);
    bar.end();
    assert.equal(
      tty,
      '\rCrawling [------------------------------] 0/4 pages\x1b[K' +
        '\rCrawling [###############---------------] 2/4 pages\x1b[K' +
        '\rCrawling [##############################] 4/4 pages\x1b[K\n',
    );

    let plain = '';
    const lines = new Progress('Scraping', { isTTY: false, write: (t: string) => (plain += t) });
    lines.update(1, 3);
    lines.update(1, 3);
    lines.update(3, 3);
    lines.end();
    assert.equal(plain, 'Scraping: 1/3 pages\nScraping: 3/3 pages\n');
  });
});
