import { z } from 'zod';

/** Where a setting is listed in the README, in this order, under these titles. */
export const SECTIONS = {
  server: 'Server',
  storage: 'Storage and processes',
  auth: 'Keys, plans and limits',
  egress: 'Outbound requests',
  browser: 'Browser',
  scrape: 'Scrape, crawl, extract and parse',
  jobs: 'Jobs',
  search: 'Search',
  llm: 'LLM',
  webhooks: 'Webhooks',
  monitor: 'Monitors',
  logging: 'Logging',
} as const;
export type Section = keyof typeof SECTIONS;

/** One environment variable, as written once in settings.ts. */
export interface Declaration<T> {
  env: string;
  section: Section;
  /** Parses the variable's text; its messages name the variable. */
  schema: z.ZodType<T, string>;
  /**
   * The value when the variable is unset (or empty), written as a user would set it: it goes
   * through `schema` like any other value. `''` for lists whose default is empty.
   */
  default?: string;
  /** The default in words, for the README, when no one value says it (it depends on other settings). */
  defaultText?: string;
  /** The README's Meaning column (Markdown). */
  doc: string;
  /**
   * Problems a well-formed value can still have (a plan that does not exist, a file that is not
   * executable), as whole lines; asked only once every setting has parsed, so that one typo does
   * not bury the start-up message under consequences of it.
   */
  check?(value: T): string[];
}

export interface Setting<V> extends Omit<Declaration<unknown>, 'schema' | 'check'> {
  /** The variable's text (undefined when unset) to its value, default applied. */
  parse: z.ZodType<V, string | undefined>;
  check?(value: NonNullable<V>): string[];
}

export function setting<T>(d: Declaration<T> & { default: string }): Setting<T>;
export function setting<T>(d: Declaration<T>): Setting<T | undefined>;
export function setting<T>(d: Declaration<T>): Setting<T | undefined> {
  const { schema, check, ...rest } = d;
  const parse = d.default === undefined ? schema.optional() : schema.prefault(d.default);
  return { ...rest, parse: parse as z.ZodType<T | undefined, string | undefined>, ...(check && { check: check as (value: NonNullable<T | undefined>) => string[] }) };
}

const BOOL_WORDS = ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'];

export const bool = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => BOOL_WORDS.includes(v), { message: `${name} must be one of ${BOOL_WORDS.join(', ')}` })
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const int = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `${name} must be between ${min} and ${max}` });

/** An absolute URL of one of `protocol`'s schemes; `error` says which, with an example. */
export const url = (protocol: RegExp, error: string) => z.url({ protocol, error });

/** A base URL, without the trailing slashes paths are appended after. */
export const baseUrl = (protocol: RegExp, error: string) => url(protocol, error).transform((u) => u.replace(/\/+$/, ''));

/** Comma-separated entries, trimmed, empty ones dropped. */
export const list = () =>
  z.string().transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const text = () => z.string().trim().min(1);
