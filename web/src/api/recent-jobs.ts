import type { JobKind } from './watch.js';

/**
 * Jobs started from this browser. The API lists running crawls (§7.5) but
 * has no list of finished jobs, so the dashboard remembers the ones it started.
 */
export interface RecentJob {
  kind: JobKind;
  id: string;
  /** The start URL, or how many URLs a batch has. */
  label: string;
  startedAt: string;
}

const KEY = 'trawl.recentJobs';
const MAX = 50;

export function recentJobs(): RecentJob[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function rememberJob(job: RecentJob): void {
  const list = [job, ...recentJobs().filter((j) => j.id !== job.id)].slice(0, MAX);
  localStorage.setItem(KEY, JSON.stringify(list));
}
