/** Building the HTML that document engines hand to the pipeline's transform. */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/** A whole page, so that the transform finds a `<title>` and a `<body>` as on the web. */
export function htmlDocument(body: string, title?: string): string {
  const head = title ? `<title>${escapeHtml(title)}</title>` : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

/**
 * A table whose first row becomes the header, because GFM tables need one and the first
 * row of a sheet or CSV is the header far more often than not. Cells are HTML already.
 */
export function htmlTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const cells = (row: readonly string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, i) => `<${tag}>${row[i] ?? ''}</${tag}>`).join('');
  const [head, ...body] = rows;
  const tbody = body.length ? `<tbody>${body.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody>` : '';
  return `<table><thead><tr>${cells(head ?? [], 'th')}</tr></thead>${tbody}</table>`;
}

/** Text with line breaks kept, for table cells and paragraphs built from plain strings. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
