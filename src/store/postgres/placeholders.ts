/**
 * Rewrites the `?` placeholders of the shared statements as PostgreSQL's
 * `$1`, `$2`, … in order. A `?` inside a string literal, a quoted name or a
 * comment is text, not a placeholder, and stays as it is.
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    let end = i + 1;
    if (ch === "'" || ch === '"') {
      // A doubled quote inside is an escaped one: the scan simply closes and reopens.
      end = sql.indexOf(ch, i + 1) + 1 || sql.length;
    } else if (ch === '-' && sql[i + 1] === '-') {
      end = sql.indexOf('\n', i) + 1 || sql.length;
    } else if (ch === '/' && sql[i + 1] === '*') {
      end = sql.indexOf('*/', i + 2) + 2 || sql.length;
    } else if (ch === '?') {
      out += `$${++n}`;
      i = end;
      continue;
    }
    out += sql.slice(i, end);
    i = end;
  }
  return out;
}
