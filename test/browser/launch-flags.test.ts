import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine } from '../../src/browser/index.js';
import type { Resolver } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

/** The command lines of this process's Chromium children (Playwright drives them over a pipe). */
function chromiumCommandLines(): string[][] {
  const found: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe')) found.push(args);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The pids of the renderer processes this process's Chromium runs (they are the zygote's children, not ours). */
function rendererPids(): Set<number> {
  const parents = new Map<number, number>();
  const renderers: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)) {
    try {
      parents.set(pid, Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]));
      // Chromium rewrites its children's command lines into one space-separated string.
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  return new Set(renderers.filter(ours));
}

const featureLists = (args: string[]) =>
  args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the render engine launches Chromium', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  let site: Site;
  let engine: BrowserEngine;

  before(async () => {
    site = await startSite({ '/': { html: '<!doctype html><title>up</title>' } });
    engine = createBrowserEngine({ allowPrivateNetwork: true, resolve });
    await engine.render({ url: site.url('/') });
  });
  after(async () => {
    await engine.close();
    await site.close();
  });

  it("keeps every feature Playwright turns off while turning off its own (Chromium obeys only the last --disable-features)", () => {
    const [args] = chromiumCommandLines();
    assert.ok(args, 'the engine started Chromium');
    const lists = featureLists(args);
    assert.ok(lists.length >= 2, 'Playwright gives a list and the engine another');
    const effective = new Set(lists.at(-1));
    for (const feature of lists.slice(0, -1).flat()) assert.ok(effective.has(feature), `${feature} stays off (HttpsUpgrades: http URLs stay http)`);
    assert.ok(effective.has('RenderDocument'));
  });

  it('starts no renderer process while warm tabs take turns', async () => {
    // Two renders at once: two kept tabs, each in a browser context of its own.
    const burst = () => Promise.all([1, 2, 3, 4].map(() => engine.render({ url: site.url('/') })));
    await burst();
    const before = rendererPids();
    const hits = engine.stats().warmHits;
    for (let round = 0; round < 3; round++) await burst();
    assert.equal(engine.stats().warmHits, hits + 12, 'every render took a kept tab');
    // A spare renderer started ahead for one context is thrown away when the other navigates.
    assert.deepEqual([...rendererPids()].sort(), [...before].sort(), 'the same renderers served every render');
  });
});
