import { isIP } from 'node:net';
import { z } from 'zod';

export const UNRECOGNIZED_KEY_MESSAGE =
  'Unrecognized key in body -- please review the v2 API documentation for request body changes';

/**
 * Object that rejects keys it does not declare (§1.4). The custom message only
 * replaces zod's wording for `unrecognized_keys`; other issues keep theirs.
 */
export function strictObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? UNRECOGNIZED_KEY_MESSAGE : undefined),
  });
}

/** `{type: "<name>"}` with no options. */
export const typeOnly = <const T extends string>(type: T) => strictObject({ type: z.literal(type) });

const nullToAbsent = (value: unknown) => (value === null ? undefined : value);

/**
 * Optional field where `null` means "absent" (§1.4), so `{"limit": null}` gets the
 * default exactly like `{}` does. The fallback is an *input* value run through the
 * schema on every use (zod's prefault): nested defaults apply and no parsed value
 * is ever shared between requests. Built on preprocess + prefault rather than
 * `.nullish().transform()` because the JSON Schema generator drops `default` from
 * transforming schemas but keeps a prefault's.
 *
 * Without a fallback, an explicit `null` leaves the key present with the value
 * `undefined` (zod keeps keys the caller sent); JSON serialisation drops it.
 */
export function opt<T extends z.ZodType>(
  schema: T,
): z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodOptional<T>>;
export function opt<T extends z.ZodType>(
  schema: T,
  fallback: z.input<T>,
): z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodPrefault<T>>;
export function opt(schema: z.ZodType, fallback?: unknown): z.ZodType {
  return z.preprocess(
    nullToAbsent,
    fallback === undefined ? schema.optional() : schema.prefault(fallback as never),
  );
}

/** A field that is listed for other endpoints but refused on this one, with a message saying so. */
export function forbidden(message: string) {
  return z.never({ error: message }).optional();
}

/** §1.3: every JSON body accepts these, even where the endpoint ignores them. */
export const originFields = {
  origin: opt(z.string(), 'api').describe('Caller tag; the SDKs send "js-sdk@<version>" / "python-sdk@<version>".'),
  integration: opt(z.string()).describe('Free-form tag of the calling integration.'),
};

// ---------------------------------------------------------------------------
// URLs (§1.5)

let allowLocalTargets = false;

/**
 * Relaxes the public-host rule so that localhost, IP literals and any other host
 * are accepted as scrape/crawl targets. Read on every validation, so the server can
 * switch it once at start-up (together with TRAWL_ALLOW_PRIVATE_NETWORK) and tests
 * can flip it around fixture servers on 127.0.0.1.
 */
export function setUrlPolicy(policy: { allowLocalTargets: boolean }): void {
  allowLocalTargets = policy.allowLocalTargets;
}

const URL_MESSAGES = {
  protocol: 'URL uses unsupported protocol',
  tld: 'URL must have a valid top-level domain or be a valid path',
  invalid: 'Invalid URL',
} as const;

// `localhost:3000` and `example.com:8080/x` carry a port, not a scheme, so a colon
// followed by a digit does not count.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const HTTP_SCHEME = /^https?:/i;

// IP literals and bare names (localhost, a container's service name): hosts of the
// operator's own network, which a newcomer fixes with a setting rather than by changing the URL.
function looksLocal(hostname: string): boolean {
  const h = hostname.replace(/\.$/, '');
  return isIP(h.replace(/^\[|\]$/g, '')) !== 0 || !h.includes('.');
}

/** The §1.5 message, plus the setting that opens private and loopback hosts when that is what the caller meant. */
function tldMessage(hostname: string): string {
  if (!looksLocal(hostname)) return URL_MESSAGES.tld;
  return `${URL_MESSAGES.tld}: ${hostname} is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on`;
}

function hasPublicSuffixShape(hostname: string): boolean {
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  return /^[a-z]{2,}$/i.test(tld) || labels.some((label) => label.startsWith('xn--'));
}

/**
 * §1.5 rules for a target URL. Returns the WHATWG-serialised URL (`href`: scheme
 * added, host lower-cased and punycoded, path percent-encoded) or the issue message.
 */
export function checkUrl(raw: string): { url: string } | { error: string } {
  const trimmed = raw.trim();
  const withScheme = HAS_SCHEME.test(trimmed) ? trimmed : `http://${trimmed}`;
  if (!HTTP_SCHEME.test(withScheme)) return { error: URL_MESSAGES.protocol };
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { error: URL_MESSAGES.invalid };
  }
  if (!parsed.hostname) return { error: URL_MESSAGES.invalid };
  if (!allowLocalTargets && !hasPublicSuffixShape(parsed.hostname)) return { error: tldMessage(parsed.hostname) };
  return { url: parsed.href };
}

/**
 * A §1.5 target URL. The output is the normalised `href`; the string the caller
 * sent (needed for `metadata.sourceURL`) is not carried along: handlers read it
 * from the raw request body, which they still hold. Lists whose items can be
 * dropped one by one (batch, extract) use `acceptUrlList` instead.
 */
export const targetUrl = z
  .string()
  .transform((raw, ctx) => {
    const result = checkUrl(raw);
    if ('error' in result) {
      ctx.issues.push({ code: 'custom', message: result.error, input: raw });
      return z.NEVER;
    }
    return result.url;
  })
  .describe('URL; "http://" is assumed when the scheme is missing.')
  .meta({ format: 'uri' });

export interface UrlTarget {
  /** Normalised URL to fetch. */
  url: string;
  /** The string exactly as the caller sent it. */
  sourceURL: string;
}

/**
 * Checks the `urls` list of batch scrape and extract. Invalid items are either
 * dropped and reported back (`invalidURLs`, the caller's strings) or, when
 * dropping is off, turned into issues at `urls.<index>` (result `undefined`).
 */
export function acceptUrlList(
  raws: readonly string[],
  dropInvalid: boolean,
  ctx: z.RefinementCtx,
): { valid: UrlTarget[]; invalidURLs: string[] } | undefined {
  const valid: UrlTarget[] = [];
  const invalidURLs: string[] = [];
  let failed = false;
  raws.forEach((raw, index) => {
    const result = checkUrl(raw);
    if ('url' in result) valid.push({ url: result.url, sourceURL: raw });
    else if (dropInvalid) invalidURLs.push(raw);
    else {
      ctx.addIssue({ code: 'custom', path: ['urls', index], message: result.error, input: raw });
      failed = true;
    }
  });
  return failed ? undefined : { valid, invalidURLs };
}

/**
 * An absolute http(s) URL the server calls back or merely records (webhooks,
 * feedback). No scheme is assumed and no public-host rule applies: outbound
 * address policy belongs to the egress layer.
 */
export const httpUrl = z
  .string()
  .meta({ format: 'uri' })
  .superRefine((value, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: URL_MESSAGES.invalid });
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: URL_MESSAGES.protocol });
    }
  });

// ---------------------------------------------------------------------------
// Shared value shapes

const JSON_SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isSchemaNode(node: unknown): boolean {
  if (typeof node === 'boolean') return true;
  if (!isPlainObject(node)) return false;
  const { type, properties, items, required, anyOf, oneOf, allOf, not, additionalProperties, $defs, definitions, enum: values } = node;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.every((t) => typeof t === 'string' && JSON_SCHEMA_TYPES.has(t))) return false;
  }
  const schemaMap = (value: unknown) => value === undefined || (isPlainObject(value) && Object.values(value).every(isSchemaNode));
  const schemaList = (value: unknown) => value === undefined || (Array.isArray(value) && value.every(isSchemaNode));
  return (
    schemaMap(properties) &&
    schemaMap($defs) &&
    schemaMap(definitions) &&
    (items === undefined || isSchemaNode(items) || schemaList(items)) &&
    (required === undefined || (Array.isArray(required) && required.every((r) => typeof r === 'string'))) &&
    (values === undefined || Array.isArray(values)) &&
    schemaList(anyOf) &&
    schemaList(oneOf) &&
    schemaList(allOf) &&
    (not === undefined || isSchemaNode(not)) &&
    (additionalProperties === undefined || isSchemaNode(additionalProperties))
  );
}

/**
 * A JSON Schema document supplied by the caller. Checked structurally (known
 * `type` names, well-formed keyword values) since no JSON Schema compiler is a
 * dependency; unknown keywords are allowed as JSON Schema itself allows them.
 */
export const jsonSchema = z
  .record(z.string(), z.unknown())
  .refine(isSchemaNode, { message: 'Invalid JSON schema.' })
  .describe('JSON Schema (object) describing the desired output.');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames.of(code);
  return name !== undefined && name !== code && name !== 'Unknown Region';
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Every code `isCountryCode` accepts, for the document (clients then generate valid ones). */
const COUNTRY_CODES = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter(isCountryCode);

/** ISO 3166-1 alpha-2, case-insensitive on input, upper case on output; "US-generic" is also accepted. */
export const countryCode = z
  .string()
  .meta({ enum: [...COUNTRY_CODES, 'US-generic'] })
  .transform((value, ctx) => {
    if (value.toLowerCase() === 'us-generic') return 'US-generic';
    const upper = value.toUpperCase();
    if (!isCountryCode(upper)) {
      ctx.issues.push({
        code: 'custom',
        message: 'Invalid country code. Use a valid ISO 3166-1 alpha-2 country code.',
        input: value,
      });
      return z.NEVER;
    }
    return upper;
  });

/** A bare host name (no scheme, path or port), lower-cased. */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'Domain must be a valid hostname without protocol or path',
  );

/** §2.9, accepted and free to ignore. */
export const threatProtection = strictObject({
  mode: opt(z.enum(['off', 'manual-only', 'normal', 'zscaler'])),
  riskScoreThreshold: opt(z.int().min(0).max(100)),
  blacklist: opt(z.array(z.string()).max(1000)),
  whitelist: opt(z.array(z.string()).max(1000)),
  blockedTlds: opt(z.array(z.string()).max(1000)),
  failurePolicy: opt(z.enum(['open', 'closed'])),
}).describe('URL-safety policy: the lists are honoured, the risk score is not (no reputation service).');

export type ThreatProtection = z.output<typeof threatProtection>;

export const auditMetadata = strictObject({
  username: z.string().max(1024),
}).describe('Attribution for audit logs. Accepted; this server may ignore it.');

// ---------------------------------------------------------------------------
// Bounds of numbers that become a Date or a timer: past them, `new Date(now - n)`
// is an Invalid Date and setTimeout fires at once (it wraps above 2^31-1 ms).

/** Longest timer a request may set: one day, far below setTimeout's 24.8-day wrap. */
export const MAX_TIMER_MS = 86_400_000;

/** Oldest cache age a request may name: 100 years, so `now - age` stays a valid Date. */
export const MAX_CACHE_AGE_MS = 100 * 365 * 86_400_000;

/**
 * Latest instant a cursor may name: 9999-12-31T23:59:59.999Z. Dates go further, but
 * later ones print as "+010000-…", which no longer sorts as text among the stored
 * ISO timestamps that cursors are compared with.
 */
export const MAX_CURSOR_MS = 253_402_300_799_999;

/** A timer length in milliseconds, 1 ms to `MAX_TIMER_MS`. */
export const timerMs = () => z.int().min(1).max(MAX_TIMER_MS);

// ---------------------------------------------------------------------------
// Query strings: values arrive as strings.

export const queryInt = z.coerce.number().int();

/** A point in time as unix milliseconds in a query string (list cursors). */
export const unixMsQuery = queryInt.min(0).max(MAX_CURSOR_MS);

export const queryBool = z.union([z.boolean(), z.stringbool()]);

// ---------------------------------------------------------------------------
// Entries with a string shorthand: formats, parsers, search sources, webhooks…

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/**
 * A value given either as a string shorthand or as the full object, always parsed
 * into the object form; the JSON Schema shows both forms. When both branches fail,
 * zod cannot tell which one the caller meant, so the union's message is rebuilt
 * from the branch matching the input's kind.
 */
export function stringOrObject<S extends z.ZodType<unknown, string>, O extends z.ZodType>(
  shorthand: S,
  object: O,
  describeString?: (input: string) => string,
) {
  return z.union([shorthand, object], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      if (typeof issue.input === 'string') {
        return describeString ? describeString(issue.input) : describeIssues(issue.errors[0] ?? []);
      }
      if (isPlainObject(issue.input)) return describeIssues(issue.errors[1] ?? []);
      return undefined;
    },
  });
}

/** `"name"` as shorthand for `{type: "name"}`. */
export function nameOrObject<const N extends readonly [string, ...string[]], O extends z.ZodType>(
  names: N,
  object: O,
  unknownName: (name: string) => string,
) {
  // TypeScript cannot see that `{type}` for a name in `names` is an input of `object`.
  const shorthand = z
    .enum(names)
    .transform((type) => ({ type }))
    .pipe(object as unknown as z.ZodType<z.output<O>, { type: N[number] }>);
  return stringOrObject(shorthand, object, unknownName);
}
