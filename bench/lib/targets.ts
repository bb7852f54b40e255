// What every benchmark reports: each figure next to its peer or ceiling from the same
// run, the target it is held to, and whether it was met. A missed target sets the exit
// code, so `npm run bench` fails when one is missed.

/** True under `npm run bench -- --quick` (or BENCH_QUICK=1): the slow parts are skipped. */
export const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

export interface Target {
  /** What is measured, e.g. "Trawl crawl / Crawlee". */
  name: string;
  value: number;
  /** How the value reads, e.g. "×" or "%". */
  unit: string;
  /** The target, e.g. "≥ 5×". */
  goal: string;
  met: boolean;
}

const targets: Target[] = [];

/** Records a figure held to a floor. */
export function atLeast(name: string, value: number, floor: number, unit = '×'): void {
  record({ name, value, unit, goal: `≥ ${floor}${unit}`, met: value >= floor });
}

/** Records a figure held to a ceiling. */
export function atMost(name: string, value: number, ceiling: number, unit: string): void {
  record({ name, value, unit, goal: `≤ ${ceiling}${unit}`, met: value <= ceiling });
}

/** A part that could not run here (say, no PostgreSQL); it does not fail the run. */
export function skipped(what: string, why: string): void {
  console.log(`SKIPPED ${what}: ${why}`);
}

function record(t: Target): void {
  targets.push(t);
  // run.ts collects these lines into its summary.
  console.log(`TARGET ${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${fmt(t.value)}${t.unit} (target ${t.goal})`);
  if (!t.met) process.exitCode = 1;
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** The middle of the measurements (the upper one of an even count). */
// An even count averages the two middle figures: taking the upper one would report the better of
// two rounds as their median.
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
