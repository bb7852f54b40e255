// Numbers written in words ("two levels", "a hundred pages") rewritten as digits, so the
// rules only ever match digits.

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

const WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(SCALES)].join('|')})`;
// "a" counts only in front of a scale word: "a hundred", not "a page".
const RUN = new RegExp(`\\b(?:a[\\s-]+(?=(?:hundred|thousand)\\b))?${WORD}(?:[\\s-]+${WORD})*\\b`, 'gi');

function valueOf(run: string): number {
  let total = 0;
  let current = 0;
  for (const word of run.toLowerCase().split(/[\s-]+/)) {
    if (word === 'a') current = 1;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else current += UNITS[word]!;
  }
  return total + current;
}

export function digitsForNumberWords(text: string): string {
  return text.replace(RUN, (run) => String(valueOf(run)));
}

/** "1,000", "2.5k", "50" → a number; NaN for anything else. */
export function parseNumber(text: string): number {
  const t = text.replace(/,/g, '').toLowerCase();
  return t.endsWith('k') ? Number.parseFloat(t) * 1000 : Number(t);
}

/** The digits pattern `parseNumber` reads, as a regex source. */
export const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?k?`;
