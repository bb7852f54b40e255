import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { concurrencyOf, findPlan, planNames } from './billing/plans.js';
import { type HostOverride, parseHostOverrides } from './egress/host-overrides.js';
import { proxyUrlProblem } from './egress/index.js';

/**
 * Tasks one process runs at once when TRAWL_WORKER_CONCURRENCY is unset: the default
 * plan's concurrency, so that one team can reach its whole limit (stacked maxConcurrency
 * jobs included), and never fewer than this.
 */
const MIN_WORKER_CONCURRENCY = 8;

export const SEARCH_PROVIDER_NAMES = ['local', 'searxng'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDER_NAMES)[number];

/** What one process does: everything, only the HTTP API, or only the task handlers (`trawl api`, `trawl worker`). */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/**
 * Every setting Trawl reads from the environment, validated once at start-up.
 * The README's configuration table is written from this list: keep them in step.
 */

const bool = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
      message: `${name} must be one of 1, 0, true, false, yes, no, on, off`,
    })
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const int = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `${name} must be between ${min} and ${max}` });

const envSchema = z.object({
  PORT: int('PORT', 0, 65535).default(3002),
  // Loopback unless the operator (a container, a deployment) names an address: see docs/security.md.
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  TRAWL_DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://trawl:secret@db:5432/trawl' })
    .optional(),
  TRAWL_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'TRAWL_PUBLIC_URL must be an absolute http(s) URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  TRAWL_API_KEY: z.string().trim().min(1, 'TRAWL_API_KEY must not be empty').optional(),
  TRAWL_API_KEYS: z.string().trim().optional(),
  TRAWL_AUTH: bool('TRAWL_AUTH').default(true),
  TRAWL_DEFAULT_PLAN: z.string().trim().min(1).default('unlimited'),
  TRAWL_RATE_LIMITS: bool('TRAWL_RATE_LIMITS').default(true),
  TRAWL_ALLOW_PRIVATE_NETWORK: bool('TRAWL_ALLOW_PRIVATE_NETWORK').default(false),
  TRAWL_EGRESS_ALLOW_CIDRS: z.string().trim().optional(),
  TRAWL_PROXY_URL: z.string().trim().optional(),
  TRAWL_ENHANCED_PROXY_URL: z.string().trim().optional(),
  TRAWL_JOB_RETENTION_HOURS: int('TRAWL_JOB_RETENTION_HOURS', 1, 24 * 365).default(24),
  // Default: the default plan's concurrency (below), so one team can use its whole limit.
  TRAWL_WORKER_CONCURRENCY: int('TRAWL_WORKER_CONCURRENCY', 1, 256).optional(),
  TRAWL_CHROMIUM_PATH: z.string().trim().min(1).optional(),
  TRAWL_BROWSER_PAGES: int('TRAWL_BROWSER_PAGES', 1, 64).default(2),
  TRAWL_BROWSER_SESSIONS_PER_TEAM: int('TRAWL_BROWSER_SESSIONS_PER_TEAM', 1, 1000).default(5),
  TRAWL_CRAWL_HOST_CONCURRENCY: int('TRAWL_CRAWL_HOST_CONCURRENCY', 1, 256).default(8),
  TRAWL_EXTRACT_MAX_URLS: int('TRAWL_EXTRACT_MAX_URLS', 1, 1000).default(10),
  TRAWL_RESULT_RETENTION_HOURS: int('TRAWL_RESULT_RETENTION_HOURS', 1, 24 * 365).default(48),
  TRAWL_PARSE_MAX_MB: int('TRAWL_PARSE_MAX_MB', 1, 1024).default(50),
  TRAWL_WEBHOOK_SECRET: z.string().min(1).optional(),
  TRAWL_WEBHOOK_RETRY_DELAYS: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,9}$/, 'TRAWL_WEBHOOK_RETRY_DELAYS must be up to 10 comma-separated numbers of seconds, e.g. 60,300,900')
    .transform((v) => v.split(',').map((n) => Math.round(Number(n) * 1000)))
    .default([60_000, 300_000, 900_000]),
  TRAWL_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'TRAWL_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587' })
    .optional(),
  TRAWL_SMTP_FROM: z.string().trim().min(1).optional(),
  TRAWL_SEARCH_PROVIDERS: z.string().trim().optional(),
  TRAWL_SEARXNG_URL: z
    .url({ protocol: /^https?$/, error: 'TRAWL_SEARXNG_URL must be an absolute http(s) URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  TRAWL_RESOLVE: z.string().trim().optional(),
  TRAWL_LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'TRAWL_LLM_BASE_URL must be an absolute http(s) URL, e.g. http://localhost:11434/v1' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  TRAWL_LLM_API_KEY: z.string().trim().min(1).optional(),
  TRAWL_LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  TRAWL_LLM_STRUCTURED_OUTPUT: z.enum(['auto', 'json_schema', 'json_object', 'prompt']).default('auto'),
  TRAWL_LLM_TIMEOUT_SECONDS: int('TRAWL_LLM_TIMEOUT_SECONDS', 1, 3600).default(120),
  TRAWL_LLM_MAX_RETRIES: int('TRAWL_LLM_MAX_RETRIES', 0, 10).default(3),
  TRAWL_LLM_MAX_INPUT_CHARS: int('TRAWL_LLM_MAX_INPUT_CHARS', 1000, 10_000_000).default(100_000),
  TRAWL_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRAWL_ROLE: z.enum(PROCESS_ROLES, { error: `TRAWL_ROLE must be one of ${PROCESS_ROLES.join(', ')}` }).default('all'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://localhost:6379' }).optional(),
  TRAWL_ALLOW_INSECURE_EXPOSURE: bool('TRAWL_ALLOW_INSECURE_EXPOSURE').default(false),
  TRAWL_LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'], { error: 'TRAWL_LOG_FORMAT must be one of auto, pretty, json' })
    .default('auto'),
  TRAWL_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, 'TRAWL_REDIS_PREFIX may hold letters, digits, _ . and - only')
    .default('trawl'),
  TRAWL_SHUTDOWN_TIMEOUT_MS: int('TRAWL_SHUTDOWN_TIMEOUT_MS', 1000, 3_600_000).default(25_000),
});

export interface DeclaredKey {
  /** Team name the key belongs to; keys without a team each get a team of their own. */
  team: string | null;
  key: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL shared by every process; none, the SQLite file under `dataDir`. */
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  auth: boolean;
  bootstrapKey: string | undefined;
  declaredKeys: DeclaredKey[];
  defaultPlan: string;
  rateLimits: boolean;
  allowPrivateNetwork: boolean;
  egressAllowCidrs: string[];
  /** The `basic` tier: when set, all scrape traffic (HTTP engine and browser) goes through it. */
  proxyUrl: string | undefined;
  /** The `enhanced` tier: `proxy: "enhanced"`, and `"auto"`'s retry after a failed or blocked basic attempt. */
  enhancedProxyUrl: string | undefined;
  jobRetentionMs: number;
  workerConcurrency: number;
  /** Names pinned to addresses before DNS (TRAWL_RESOLVE). */
  hostOverrides: HostOverride[];
  chromiumPath: string | undefined;
  browserPages: number;
  /** Live browser sessions (§11, interact) one team may hold at once; each is a Chromium of its own. */
  browserSessionsPerTeam: number;
  /** Requests one crawl may have in flight to one host (politeness). */
  crawlHostConcurrency: number;
  /** URLs one extract request may name (§20 item 18). */
  extractMaxUrls: number;
  /** How long single scrapes stay readable (GET /v2/scrape/{id}) and servable from cache. */
  resultRetentionMs: number;
  /** Largest file POST /v2/parse accepts; uploads are held in memory while parsed. */
  parseMaxBytes: number;
  /** Signs every webhook delivery (`X-Firecrawl-Signature`, §16.1); none, no signature. */
  webhookSecret: string | undefined;
  /** Wait before each retry of a failed webhook delivery; as many retries as entries. */
  webhookRetryDelaysMs: number[];
  /** Where monitor e-mails are handed over (nodemailer URL form); none, e-mail notifications are refused. */
  smtpUrl: string | undefined;
  /** The From of monitor e-mails. */
  smtpFrom: string;
  /** Asked in this order by POST /v2/search, results merged (src/search/combine.ts). */
  searchProviders: SearchProviderName[];
  searxngUrl: string | undefined;
  /** The OpenAI-compatible model behind json, summary, extract and agent; none, the offline engine. */
  llm: LlmConfig;
  logLevel: z.infer<typeof envSchema>['TRAWL_LOG_LEVEL'];
  role: ProcessRole;
  /** Queue, job events and rate limits shared by every process through this Redis; none, all in this process. */
  redisUrl: string | undefined;
  /** Namespaces Trawl's Redis keys and channels, so several Trawls can share one Redis. */
  redisPrefix: string;
  /** `auto`: one readable line per request on a terminal, JSON otherwise (src/http/log-format.ts). */
  logFormat: LogFormatSetting;
  /**
   * How long SIGTERM/SIGINT may take to drain before the process exits anyway
   * (non-zero); the default ends before Kubernetes' 30 s grace period does.
   */
  shutdownTimeoutMs: number;
}

export type LogFormatSetting = 'auto' | 'pretty' | 'json';

export type StructuredOutputMode = 'auto' | 'json_schema' | 'json_object' | 'prompt';

export interface LlmConfig {
  /** Base URL ending before `/chat/completions`, e.g. `http://localhost:11434/v1`. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** How answers are held to a schema; `auto` tries `json_schema` and falls back to the prompt. */
  structuredOutput: StructuredOutputMode;
  timeoutMs: number;
  /** Retries after a 429, a 5xx or a network error, with backoff. */
  maxRetries: number;
  /** Page text sent to the model is cut to this many characters (all pages of one request together). */
  maxInputChars: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseDeclaredKeys(raw: string | undefined): DeclaredKey[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0) return { team: null, key: entry };
      return { team: entry.slice(0, colon).trim(), key: entry.slice(colon + 1).trim() };
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings are how shells say "unset"; treat them so, so defaults apply.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '');
        return i.message.startsWith(name) ? i.message : `${name}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const declaredKeys = parseDeclaredKeys(e.TRAWL_API_KEYS);
  const problems: string[] = [];
  for (const k of declaredKeys) {
    if (!k.key) problems.push(`TRAWL_API_KEYS: entry for team "${k.team}" has no key after the colon`);
  }
  const cidrs = (e.TRAWL_EGRESS_ALLOW_CIDRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const c of cidrs) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(c)) problems.push(`TRAWL_EGRESS_ALLOW_CIDRS: "${c}" is not a CIDR range such as 10.0.0.0/8`);
  }
  const hostOverrides = parseHostOverrides(e.TRAWL_RESOLVE ?? '');
  problems.push(...hostOverrides.problems);
  if (e.TRAWL_CHROMIUM_PATH) {
    try {
      fs.accessSync(e.TRAWL_CHROMIUM_PATH, fs.constants.X_OK);
    } catch {
      problems.push(`TRAWL_CHROMIUM_PATH: "${e.TRAWL_CHROMIUM_PATH}" is not an executable file`);
    }
  }
  for (const name of ['TRAWL_PROXY_URL', 'TRAWL_ENHANCED_PROXY_URL'] as const) {
    const raw = e[name];
    // The value is not echoed: it usually carries the proxy's password.
    const problem = raw ? proxyUrlProblem(raw) : undefined;
    if (problem) problems.push(`${name} ${problem}`);
  }
  if (!findPlan(e.TRAWL_DEFAULT_PLAN)) {
    problems.push(`TRAWL_DEFAULT_PLAN: "${e.TRAWL_DEFAULT_PLAN}" is not a plan; known plans: ${planNames().join(', ')}`);
  }
  const searchProviders = (e.TRAWL_SEARCH_PROVIDERS ?? (e.TRAWL_SEARXNG_URL ? 'searxng' : 'local'))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const name of searchProviders) {
    if (!(SEARCH_PROVIDER_NAMES as readonly string[]).includes(name)) {
      problems.push(`TRAWL_SEARCH_PROVIDERS: "${name}" is not a search provider; known: ${SEARCH_PROVIDER_NAMES.join(', ')}`);
    }
  }
  if (!searchProviders.length) problems.push('TRAWL_SEARCH_PROVIDERS: name at least one search provider');
  if (searchProviders.includes('searxng') && !e.TRAWL_SEARXNG_URL) {
    problems.push('TRAWL_SEARCH_PROVIDERS: "searxng" needs TRAWL_SEARXNG_URL');
  }
  if (e.TRAWL_ROLE !== 'all') {
    // Split processes share their work through the database and Redis; a SQLite file is one machine's, and its lock one process's.
    const missing = [...(e.DATABASE_URL ? [] : ['DATABASE_URL']), ...(e.REDIS_URL ? [] : ['REDIS_URL'])];
    if (missing.length) {
      problems.push(
        `TRAWL_ROLE: the ${e.TRAWL_ROLE} process shares its work with the others through PostgreSQL and Redis: set ${missing.join(' and ')} ` +
          '(or run everything in one process with `trawl serve`)',
      );
    }
  }
  if (e.TRAWL_ROLE !== 'worker' && !e.TRAWL_ALLOW_INSECURE_EXPOSURE) {
    const problem = exposureProblem(e.HOST, e.TRAWL_AUTH, [
      ...(e.TRAWL_API_KEY ? [e.TRAWL_API_KEY] : []),
      ...declaredKeys.map((k) => k.key),
    ]);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.TRAWL_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.TRAWL_PUBLIC_URL,
    auth: e.TRAWL_AUTH,
    bootstrapKey: e.TRAWL_API_KEY,
    declaredKeys,
    defaultPlan: e.TRAWL_DEFAULT_PLAN,
    rateLimits: e.TRAWL_RATE_LIMITS,
    allowPrivateNetwork: e.TRAWL_ALLOW_PRIVATE_NETWORK,
    egressAllowCidrs: cidrs,
    proxyUrl: e.TRAWL_PROXY_URL || undefined,
    enhancedProxyUrl: e.TRAWL_ENHANCED_PROXY_URL || undefined,
    jobRetentionMs: e.TRAWL_JOB_RETENTION_HOURS * 3600_000,
    workerConcurrency: e.TRAWL_WORKER_CONCURRENCY ?? Math.max(MIN_WORKER_CONCURRENCY, concurrencyOf(e.TRAWL_DEFAULT_PLAN)),
    hostOverrides: hostOverrides.entries,
    chromiumPath: e.TRAWL_CHROMIUM_PATH,
    browserPages: e.TRAWL_BROWSER_PAGES,
    browserSessionsPerTeam: e.TRAWL_BROWSER_SESSIONS_PER_TEAM,
    crawlHostConcurrency: e.TRAWL_CRAWL_HOST_CONCURRENCY,
    extractMaxUrls: e.TRAWL_EXTRACT_MAX_URLS,
    resultRetentionMs: e.TRAWL_RESULT_RETENTION_HOURS * 3600_000,
    parseMaxBytes: e.TRAWL_PARSE_MAX_MB * 1024 * 1024,
    webhookSecret: e.TRAWL_WEBHOOK_SECRET,
    webhookRetryDelaysMs: e.TRAWL_WEBHOOK_RETRY_DELAYS,
    smtpUrl: e.TRAWL_SMTP_URL,
    smtpFrom: e.TRAWL_SMTP_FROM ?? 'Trawl <trawl@localhost>',
    searchProviders: [...new Set(searchProviders)] as SearchProviderName[],
    searxngUrl: e.TRAWL_SEARXNG_URL,
    llm: {
      baseUrl: e.TRAWL_LLM_BASE_URL,
      apiKey: e.TRAWL_LLM_API_KEY,
      model: e.TRAWL_LLM_MODEL,
      structuredOutput: e.TRAWL_LLM_STRUCTURED_OUTPUT,
      timeoutMs: e.TRAWL_LLM_TIMEOUT_SECONDS * 1000,
      maxRetries: e.TRAWL_LLM_MAX_RETRIES,
      maxInputChars: e.TRAWL_LLM_MAX_INPUT_CHARS,
    },
    logLevel: e.TRAWL_LOG_LEVEL,
    role: e.TRAWL_ROLE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.TRAWL_REDIS_PREFIX,
    logFormat: e.TRAWL_LOG_FORMAT,
    shutdownTimeoutMs: e.TRAWL_SHUTDOWN_TIMEOUT_MS,
  };
}

/** The README's example key: anyone who has read the README holds it. */
export const SAMPLE_API_KEYS = ['fc-0123456789abcdef0123456789abcdef'];
export const MIN_KEY_LENGTH = 20;
export const MIN_KEY_DISTINCT_CHARS = 10;

/** Why `key` is easy to guess, if it is: the sample key, too short, or too few distinct characters. */
export function weakKeyReason(key: string): string | undefined {
  if (SAMPLE_API_KEYS.includes(key)) return 'is the sample key from the README';
  if (key.length < MIN_KEY_LENGTH) return `is shorter than ${MIN_KEY_LENGTH} characters`;
  if (new Set(key).size < MIN_KEY_DISTINCT_CHARS) return `has fewer than ${MIN_KEY_DISTINCT_CHARS} different characters`;
  return undefined;
}

/** Loopback names and addresses: only this machine can reach a server bound there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * One line saying why a server listening on `host` would be open to anyone who
 * can reach it, or nothing. TRAWL_ALLOW_INSECURE_EXPOSURE=1 silences it.
 */
function exposureProblem(host: string, auth: boolean, keys: string[]): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  const escape = 'bind HOST=127.0.0.1, or set TRAWL_ALLOW_INSECURE_EXPOSURE=1 if you mean it (docs/security.md)';
  if (!auth) return `HOST: refusing to listen on ${host} with TRAWL_AUTH=off: anyone who can reach it may use it; ${escape}`;
  for (const key of keys) {
    const reason = weakKeyReason(key);
    if (reason) {
      return `HOST: refusing to listen on ${host}: an API key ${reason} (create one with \`openssl rand -hex 20\`); ${escape}`;
    }
  }
  return undefined;
}
