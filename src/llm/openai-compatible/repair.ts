/**
 * JSON out of what a model actually answered: reasoning blocks, code fences,
 * prose around the object, trailing commas and typographic quotes are all
 * common, above all from small local models.
 */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false } {
  let t = withoutReasoning(text);
  const fenced = t.match(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/);
  if (fenced) t = fenced[1]!.trim();
  for (const candidate of candidates(t)) {
    for (const repaired of [candidate, lightRepair(candidate)]) {
      try {
        return { ok: true, value: JSON.parse(repaired) };
      } catch {
        // Try the next reading.
      }
    }
  }
  return { ok: false };
}

/** The answer without the `<think>` blocks reasoning models put before it. */
export const withoutReasoning = (text: string) => text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();

function* candidates(t: string): Generator<string> {
  yield t;
  const start = t.search(/[{[]/);
  if (start < 0) return;
  const scan = scanBrackets(t, start);
  if (scan.end > start) yield t.slice(start, scan.end + 1);
  // A cut-off answer: close what is open, so the fields that did arrive are kept.
  else yield closeOpen(t.slice(start), scan);
}

interface BracketScan {
  /** Index of the bracket closing the one at `start`; -1 when it never closes cleanly. */
  end: number;
  /** The closers still owed at the end of the text, innermost last. */
  owed: string[];
  inString: boolean;
}

/** Walks the brackets from `start`, strings respected. */
function scanBrackets(t: string, start: number): BracketScan {
  const owed: string[] = [];
  let inString = false;
  let mismatched = false;
  for (let i = start; i < t.length; i++) {
    const c = t[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') owed.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (owed.pop() !== c) mismatched = true;
      else if (!owed.length && !mismatched) return { end: i, owed, inString };
    }
  }
  return { end: -1, owed, inString };
}

function closeOpen(t: string, scan: BracketScan): string {
  let s = scan.inString ? `${t}"` : t;
  s = s.replace(/,\s*$/, '').replace(/,?\s*"[^"]*"\s*:\s*$/, '');
  return s + [...scan.owed].reverse().join('');
}

function lightRepair(t: string): string {
  return t
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/^\s*\/\/.*$/gm, '');
}
