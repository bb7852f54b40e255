/** One command of a `bash` script: its 1-based line and its words, quotes removed. */
export interface CommandLine {
  line: number;
  argv: string[];
}

export class ScriptSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'ScriptSyntaxError';
  }
}

// Unquoted, these would mean something to a shell; here they would silently become arguments.
const SHELL_OPERATORS = new Set(['&&', '||', '|', ';', '&']);

/**
 * Splits one line into words the way a POSIX shell quotes: '…' is literal, "…" keeps
 * everything but \" \\ \$ \` (which lose their backslash), and outside quotes a backslash
 * escapes the next character. No expansion of any kind: `$HOME` and `*` are plain text.
 */
export function splitWords(text: string, line: number): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  // A quoted "&&" is text, not an operator.
  let quoted = false;
  const finish = (): void => {
    if (!quoted && SHELL_OPERATORS.has(word)) {
      throw new ScriptSyntaxError(line, `"${word}" is shell syntax; this is not a shell: write one command per line`);
    }
    words.push(word);
    word = '';
    inWord = false;
    quoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw new ScriptSyntaxError(line, 'unterminated single quote');
      word += text.slice(i + 1, end);
      inWord = true;
      quoted = true;
      i = end;
    } else if (ch === '"') {
      inWord = true;
      quoted = true;
      let closed = false;
      for (i++; i < text.length; i++) {
        const c = text[i]!;
        if (c === '"') {
          closed = true;
          break;
        }
        if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) {
          word += text[++i];
        } else {
          word += c;
        }
      }
      if (!closed) throw new ScriptSyntaxError(line, 'unterminated double quote');
    } else if (ch === '\\') {
      if (i + 1 < text.length) word += text[++i];
      inWord = true;
      quoted = true;
    } else if (/\s/.test(ch)) {
      if (inWord) finish();
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) finish();
  return words;
}

/** Blank lines and lines starting with `#` are skipped. */
export function parseScript(script: string): CommandLine[] {
  const commands: CommandLine[] = [];
  for (const [index, raw] of script.split(/\r?\n/).entries()) {
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    const argv = splitWords(text, index + 1);
    if (argv.length > 0) commands.push({ line: index + 1, argv });
  }
  return commands;
}
