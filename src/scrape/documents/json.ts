import { decodeText } from './decode.js';
import { MIME_TYPES } from './detect.js';
import type { DocumentResult } from './result.js';

/** JSON becomes a fenced block, pretty-printed so that LLMs and people can read it. */
export function parseJson(bytes: Uint8Array, contentType?: string): DocumentResult {
  const text = decodeText(bytes, contentType).trim();
  const warnings: string[] = [];
  let body = text;
  try {
    JSON.parse(text);
    body = reindent(text);
  } catch {
    // Served as JSON but not JSON (JSONP, NDJSON, a truncated body): show it unchanged.
    warnings.push('The file is not valid JSON; its text is returned unchanged');
  }
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
  return { kind: 'json', mimeType: MIME_TYPES.json, markdown: `${fence}json\n${body}\n${fence}`, warnings };
}

const WHITESPACE = new Set([' ', '\n', '\r', '\t']);
const DELIMITERS = new Set([...WHITESPACE, ',', ':', '[', ']', '{', '}', '"']);

/**
 * Pretty-prints valid JSON token by token instead of through JSON.parse/stringify,
 * which would round integers above 2^53 (ids!) and rewrite numbers such as 1.0 or 1e3.
 */
function reindent(json: string): string {
  const out: string[] = [];
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  let i = 0;
  while (i < json.length) {
    const c = json[i] as string;
    if (WHITESPACE.has(c)) {
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < json.length && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      out.push(json.slice(i, j + 1));
      i = j + 1;
    } else if (c === '{' || c === '[') {
      let j = i + 1;
      while (WHITESPACE.has(json[j] ?? '')) j++;
      if (json[j] === (c === '{' ? '}' : ']')) {
        out.push(c === '{' ? '{}' : '[]');
        i = j + 1;
      } else {
        depth++;
        out.push(c + newline());
        i++;
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out.push(newline() + c);
      i++;
    } else if (c === ',') {
      out.push(`,${newline()}`);
      i++;
    } else if (c === ':') {
      out.push(': ');
      i++;
    } else {
      let j = i;
      while (j < json.length && !DELIMITERS.has(json[j] as string)) j++;
      out.push(json.slice(i, j));
      i = j;
    }
  }
  return out.join('');
}

/** A fence must be longer than any backtick run inside it, or the block ends early. */
function longestBacktickRun(text: string): number {
  return (text.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
}
