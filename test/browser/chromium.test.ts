import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { chromiumVersion, findChromium } from '../../src/browser/chromium.js';
import { BrowserError } from '../../src/browser/errors.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-chromium-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function file(rel: string, mode: number): string {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, '#!/bin/sh\n');
  fs.chmodSync(p, mode);
  return p;
}

function unavailable(fn: () => unknown): BrowserError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof BrowserError);
    assert.equal(err.code, 'BROWSER_UNAVAILABLE');
    return err;
  }
  assert.fail('expected BROWSER_UNAVAILABLE');
}

describe('findChromium', () => {
  const empty = path.join(root, 'empty-home');

  it('uses TRAWL_CHROMIUM_PATH when it names an executable', () => {
    const exe = file('custom/chrome', 0o755);
    assert.equal(findChromium({ env: { TRAWL_CHROMIUM_PATH: exe }, systemPaths: [], homeDir: empty }), exe);
  });

  it('rejects a TRAWL_CHROMIUM_PATH that is missing or not executable, without falling back', () => {
    const fallback = file('system/chromium', 0o755);
    const notExecutable = file('custom/plain', 0o644);
    for (const configured of [notExecutable, path.join(root, 'nope'), root]) {
      const err = unavailable(() => findChromium({ env: { TRAWL_CHROMIUM_PATH: configured }, systemPaths: [fallback], homeDir: empty }));
      assert.match(err.message, /TRAWL_CHROMIUM_PATH/);
    }
  });

  it('takes the first system location that exists', () => {
    const second = file('usr/bin/chromium-browser', 0o755);
    assert.equal(findChromium({ env: {}, systemPaths: [path.join(root, 'usr/bin/chromium'), second], homeDir: empty }), second);
  });

  it("falls back to Playwright's newest cached Chromium", () => {
    const home = path.join(root, 'home');
    file('home/.cache/ms-playwright/chromium-1100/chrome-linux/chrome', 0o755);
    const newest = file('home/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome', 0o755);
    assert.equal(findChromium({ env: {}, systemPaths: [], homeDir: home }), newest);
  });

  it('says how to install Chromium when none is found', () => {
    const err = unavailable(() => findChromium({ env: {}, systemPaths: [], homeDir: empty }));
    assert.match(err.message, /apt-get install chromium/);
    assert.match(err.message, /TRAWL_CHROMIUM_PATH/);
  });
});

describe('chromiumVersion', () => {
  /** An executable that says it is Chromium 131.0.6778.85 and counts how often it was asked. */
  function fakeChromium(rel: string): { executable: string; asked: () => number } {
    const count = path.join(root, `${rel}.count`);
    const executable = path.join(root, rel);
    fs.mkdirSync(path.dirname(executable), { recursive: true });
    fs.writeFileSync(executable, `#!/bin/sh\necho x >> '${count}'\necho 'Chromium 131.0.6778.85 built on Debian'\n`);
    fs.chmodSync(executable, 0o755);
    return { executable, asked: () => (fs.existsSync(count) ? fs.readFileSync(count, 'utf8').split('\n').length - 1 : 0) };
  }

  it('reads the version an executable states, once per executable', async () => {
    const first = fakeChromium('versions/a/chromium');
    const second = fakeChromium('versions/b/chromium');
    assert.equal(await chromiumVersion(first.executable), '131.0.6778.85');
    assert.equal(await chromiumVersion(first.executable), '131.0.6778.85');
    assert.equal(await chromiumVersion(second.executable), '131.0.6778.85');
    assert.equal(first.asked(), 1);
    assert.equal(second.asked(), 1);
  });

  it('rejects an executable that does not run, and asks again once it does', async () => {
    const executable = path.join(root, 'versions/late/chromium');
    await assert.rejects(chromiumVersion(executable));
    const late = fakeChromium('versions/late/chromium');
    assert.equal(await chromiumVersion(executable), '131.0.6778.85');
    assert.equal(late.asked(), 1);
  });
});
