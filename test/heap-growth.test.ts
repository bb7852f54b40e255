import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

const module = new URL('../src/heap-growth.ts', import.meta.url).href;

/**
 * Peak heap MB of a fresh process that keeps ~25 MB live while replacing it piece by piece,
 * so that garbage piles up in the old generation, as a crawl's pages and rows do.
 */
function churnPeakMb(bounded: boolean): number {
  const script = `
    import v8 from 'node:v8';
    if (${bounded}) await import(${JSON.stringify(module)});
    const live = new Array(25_000);
    let peak = 0;
    for (let i = 0; i < 500_000; i++) {
      live[i % live.length] = { text: 'x'.repeat(900) + i, n: [i, i + 1] };
      if (i % 5_000 === 0) peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    console.log(peak / 1048576);`;
  return Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

test('a process holding its heaps to what stays live peaks lower than V8 left to itself', () => {
  const free = churnPeakMb(false);
  const bounded = churnPeakMb(true);
  assert.ok(bounded < free * 0.9, `peak heap ${bounded.toFixed(0)} MB bounded, ${free.toFixed(0)} MB not`);
});
