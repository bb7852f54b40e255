import { ERRORS, type ErrorEntry } from './codes.js';

const START = '<!-- errors-table:start (generated from src/errors/codes.ts: npm run docs:errors) -->';
const END = '<!-- errors-table:end -->';

/** The table of every error the API answers, one row per code, by status. */
export function errorsTable(): string {
  const rows = (Object.entries(ERRORS) as [string, ErrorEntry][])
    .map(([code, e], i) => ({ code, e, i }))
    .sort((a, b) => a.e.status - b.e.status || a.i - b.i)
    .map(({ code, e }) => {
      const statuses = [e.status, ...Object.values(e.variants ?? {})].join(' / ');
      return `| ${statuses} | ${e.bare ? '—' : `\`${code}\``} | ${e.description.replaceAll('|', '\\|')} |`;
    });
  return ['| Status | `code` | When, and what to do |', '|---|---|---|', ...rows].join('\n');
}

/** `page` with the part between the table's markers rewritten from the registry. */
export function withErrorsTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/errors.md has lost its table markers: ${START} … ${END}`);
  return `${page.slice(0, start + START.length)}\n${errorsTable()}\n${page.slice(end)}`;
}
