import type { PageInput } from '../llm/index.js';

/** The plain values of a field, whose text can be looked for on a page. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value.trim().length >= 2) out.push(value.trim().toLowerCase());
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value).toLowerCase());
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/**
 * `sources` when the model could not say where each field came from (it read
 * several pages at once): per top-level field, the pages whose text holds one
 * of the field's values. Fields found on no page are left out rather than
 * credited to every page.
 */
export function attributeSources(data: unknown, pages: PageInput[]): Record<string, string[]> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const texts = pages.map((p) => ({ url: p.url, text: `${p.markdown}\n${p.html ?? ''}`.toLowerCase() }));
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(data)) {
    const values = leaves(value);
    const urls = texts.filter((p) => values.some((v) => p.text.includes(v))).map((p) => p.url);
    if (urls.length) out[field] = urls;
  }
  return out;
}
