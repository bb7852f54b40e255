import fs from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  BadRequestError, ConnectionError, JobFailedError, JobTimeoutError, NotImplementedError, PaymentRequiredError,
  RateLimitError, Trawl, TrawlError, UnauthorizedError,
} from '../../sdk/js/src/index.js';

export type OutputFormat = 'markdown' | 'json';

export interface ApiOptions {
  apiUrl?: string;
  apiKey?: string;
  format: OutputFormat;
}

/** The options every command that calls a Trawl server shares. */
export function withApiOptions(cmd: Command): Command {
  return cmd
    .option('--api-url <url>', 'Trawl server to call (default: env TRAWL_API_URL, else http://localhost:3002)')
    .option('--api-key <key>', 'API key (default: env TRAWL_API_KEY)')
    .addOption(new Option('-f, --format <format>', 'output as markdown or JSON').choices(['markdown', 'json']).default('markdown'));
}

/** The SDK client for the server the options (or the environment) name. */
export function clientFor(opts: Pick<ApiOptions, 'apiUrl' | 'apiKey'>): Trawl {
  // A person is waiting: a rate limit asking for more than a few seconds is reported, not sat out in silence.
  return new Trawl({ apiUrl: opts.apiUrl, apiKey: opts.apiKey, maxRetryDelayMs: 10_000 });
}

/** A message that tells a person what went wrong and what to do about it. */
export function describeError(err: TrawlError): string {
  if (err instanceof ConnectionError) {
    return `${err.message}.\nIs the server running? Start one with \`trawl serve\`, or point --api-url (or TRAWL_API_URL) at it.`;
  }
  if (err instanceof UnauthorizedError) {
    const what = err.message === 'Unauthorized' ? 'This server needs an API key and none was given' : `The server refused the API key (${err.message})`;
    return `${what}.\nPass a valid key with --api-key or TRAWL_API_KEY; the server's operator can issue one with \`trawl keys create --team NAME\`.`;
  }
  if (err instanceof PaymentRequiredError) {
    return `Not enough credits: ${err.message}\nCredits start again on the 1st of the month (UTC); until then the server's operator can move the team to a larger plan (\`trawl keys create --team NAME --plan standard\`).`;
  }
  if (err instanceof RateLimitError) {
    const wait = err.retryAfter === undefined ? 'a minute' : `${Math.ceil(err.retryAfter)} s`;
    return `Rate limited: ${err.message}\nWait ${wait} and run it again, or send fewer requests per minute (the limits come with the team's plan).`;
  }
  if (err instanceof NotImplementedError) return `${err.message} (this Trawl server does not offer it).`;
  if (err instanceof BadRequestError) {
    const issues = (Array.isArray(err.details) ? err.details : [])
      .map((i: { path?: unknown[]; message?: string }) => `${i.path?.length ? `${i.path.join('.')}: ` : ''}${i.message ?? JSON.stringify(i)}`)
      .filter((text: string) => !err.message.includes(text))
      .map((text: string) => `  - ${text}`);
    return [`The server rejected the request: ${err.message}`, ...issues].join('\n');
  }
  if (err instanceof JobTimeoutError) return `${err.message}.\nNext time give a longer --timeout, or none, to wait for the end.`;
  if (err instanceof JobFailedError) return err.message;
  return err.status ? `The server answered ${err.status}: ${err.message}` : err.message;
}

/** Whole-number option values. */
export function int(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number');
  return n;
}

/** Seconds, fractions allowed. */
export function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds');
  return n;
}

/** A JSON Schema given inline or as a file name. */
export function jsonSchema(value: string): Record<string, unknown> {
  const text = value.trim().startsWith('{') ? value : fs.existsSync(value) ? fs.readFileSync(value, 'utf8') : undefined;
  if (text === undefined) throw new InvalidArgumentError('expected JSON or the name of a JSON file');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InvalidArgumentError(`not JSON (${(err as Error).message})`);
  }
}

/** Comma-separated lists. */
export const list = (value: string): string[] => value.split(',').map((v) => v.trim()).filter(Boolean);

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
