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

  test('files listed during a crawl never share a line with the progress bar on a terminal', () => {
    // stdout and stderr on one terminal: both streams write into the same screen.
    let screen = '';
    const terminal = { isTTY: true, write: (t: string) => (screen += t) };
    const bar = new Progress('Crawling', terminal);
    bar.update(1, 2);
    bar.printAbove(() => terminal.write('/tmp/pages/a.md\n'));
    bar.update(2, 2);
    bar.printAbove(() => terminal.write('/tmp/pages/b.md\n'));
    bar.end();
    assert.deepEqual(render(screen), ['/tmp/pages/a.md', '/tmp/pages/b.md', 'Crawling [##############################] 2/2 pages', '']);
  });
});

/** The lines a terminal shows for `text`: \r returns to the line's start, ESC[K erases to its end. */
function render(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  let col = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      lines.push(line);
      line = '';
      col = 0;
    } else if (ch === '\r') col = 0;
    else if (text.startsWith('\x1b[K', i)) {
      line = line.slice(0, col);
      i += 2;
    } else {
      line = line.slice(0, col) + ch + line.slice(col + 1);
      col++;
    }
  }
  return [...lines, line];
}
