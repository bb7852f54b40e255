import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { findPlan, planNames } from '../billing/plans.js';
import { type HostOverride, parseHostOverrides } from '../egress/host-overrides.js';
import { proxyUrlProblem } from '../egress/proxy.js';
import { baseUrl, bool, int, list, setting, text, url, type Setting } from './setting.js';

export const SEARCH_PROVIDER_NAMES = ['local', 'searxng'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDER_NAMES)[number];

/** What one process does: everything, only the HTTP API, or only the task handlers (`trawl api`, `trawl worker`). */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];
export const STRUCTURED_OUTPUT_MODES = ['auto', 'json_schema', 'json_object', 'prompt'] as const;
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number];

export interface DeclaredKey {
  /** Team name the key belongs to; keys without a team each get a team of their own. */
  team: string | null;
  key: string;
}

const HOUR_MS = 3600_000;

const blankIsUnset = z
  .string()
  .trim()
  .transform((v) => v || undefined);

/** `key` gets a team of its own, `team:key` joins `team`. */
function declaredKey(entry: string): DeclaredKey {
  const colon = entry.indexOf(':');
  if (colon <= 0) return { team: null, key: entry };
  return { team: entry.slice(0, colon).trim(), key: entry.slice(colon + 1).trim() };
}

/** The value is not echoed: it usually carries the proxy's password. */
const proxyCheck = (name: string) => (raw: string) => {
  const problem = proxyUrlProblem(raw);
  return problem ? [`${name} ${problem}`] : [];
};

/**
 * Every setting Trawl reads from the environment, each written once: the `Config` type, the
 * start-up validation (load.ts) and the README's configuration table (`npm run docs:settings`)
 * are derived from this list. The keys are the `Config` fields; a nested object is a section
 * the code receives whole (`config.llm`).
 */
export const SETTINGS = {
  // Server
  port: setting({
    env: 'PORT',
    section: 'server',
    schema: int('PORT', 0, 65535),
    default: '3002',
    doc: 'Port the API listens on (`0` picks a free one).',
  }),
  host: setting({
    env: 'HOST',
    section: 'server',
    // Loopback unless the operator (a container, a deployment) names an address: see docs/security.md.
    schema: text(),
    default: '127.0.0.1',
    doc: "Address the API listens on. Any other address refuses to start with the README's sample key, a weak key or `TRAWL_AUTH=off` (see [docs/security.md](docs/security.md)).",
  }),
  allowInsecureExposure: setting({
    env: 'TRAWL_ALLOW_INSECURE_EXPOSURE',
    section: 'server',
    schema: bool('TRAWL_ALLOW_INSECURE_EXPOSURE'),
    default: 'off',
    doc: '`1` starts on a non-loopback `HOST` even with a weak key or auth off: you have put something else in front.',
  }),
  publicUrl: setting({
    env: 'TRAWL_PUBLIC_URL',
    section: 'server',
    schema: baseUrl(/^https?$/, 'TRAWL_PUBLIC_URL must be an absolute http(s) URL'),
    doc: 'Public base URL used in absolute links (`next`, job `url`); otherwise taken from the request (`X-Forwarded-Proto`/`-Host` honoured).',
  }),
  role: setting({
    env: 'TRAWL_ROLE',
    section: 'server',
    schema: z.enum(PROCESS_ROLES, { error: `TRAWL_ROLE must be one of ${PROCESS_ROLES.join(', ')}` }),
    default: 'all',
    doc: 'What this process does: `all` (API, workers, schedules), `api` (HTTP only) or `worker` (tasks, monitors and clean-up, no HTTP). `trawl api` and `trawl worker` set it. `api` and `worker` need `DATABASE_URL` and `REDIS_URL`.',
  }),
  /** Non-zero; the default ends before Kubernetes' 30 s grace period does. */
  shutdownTimeoutMs: setting({
    env: 'TRAWL_SHUTDOWN_TIMEOUT_MS',
    section: 'server',
    schema: int('TRAWL_SHUTDOWN_TIMEOUT_MS', 1000, 3_600_000),
    default: '25000',
    doc: 'How long SIGTERM/SIGINT may take to finish running tasks and close connections; past it the process exits with status 1, logging the tasks it abandoned (their leases expire and they run again).',
  }),

  // Storage and processes
  dataDir: setting({
    env: 'TRAWL_DATA_DIR',
    section: 'storage',
    schema: text().transform((p) => path.resolve(p)),
    default: './data',
    doc: 'Where the SQLite database and other state live. One Trawl process owns it at a time.',
  }),
  /** PostgreSQL shared by every process; none, the SQLite file under `dataDir`. */
  databaseUrl: setting({
    env: 'DATABASE_URL',
    section: 'storage',
    schema: url(/^postgres(ql)?$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://trawl:secret@db:5432/trawl'),
    doc: '`postgres://user:pass@host:5432/db`: keep everything in PostgreSQL instead of SQLite, shared by any number of Trawl processes (migrations run at start). See [docs/deploy.md](docs/deploy.md).',
  }),
  /** Queue, job events and rate limits shared by every process through this Redis; none, all in this process. */
  redisUrl: setting({
    env: 'REDIS_URL',
    section: 'storage',
    schema: url(/^rediss?$/, 'REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://localhost:6379'),
    doc: '`redis://host:6379`: the queue (BullMQ), job events and rate limits shared by every Trawl process through this Redis. Needed to run more than one process on one `DATABASE_URL`. See [docs/deploy.md](docs/deploy.md).',
  }),
  redisPrefix: setting({
    env: 'TRAWL_REDIS_PREFIX',
    section: 'storage',
    schema: z.string().trim().regex(/^[\w.-]+$/, 'TRAWL_REDIS_PREFIX may hold letters, digits, _ . and - only'),
    default: 'trawl',
    doc: "Namespace of Trawl's Redis keys and channels, so several Trawls can share one Redis.",
  }),

  // Keys, plans and limits
  bootstrapKey: setting({
    env: 'TRAWL_API_KEY',
    section: 'auth',
    schema: z.string().trim().min(1, 'TRAWL_API_KEY must not be empty'),
    doc: 'A key accepted from the first start, for the `default` team (unlimited plan).',
  }),
  declaredKeys: setting({
    env: 'TRAWL_API_KEYS',
    section: 'auth',
    schema: list().transform((entries) => entries.map(declaredKey)),
    default: '',
    doc: 'More keys: comma-separated; `key` gets its own team, `team:key` joins `team`.',
    check: (keys) => keys.filter((k) => !k.key).map((k) => `TRAWL_API_KEYS: entry for team "${k.team}" has no key after the colon`),
  }),
  auth: setting({
    env: 'TRAWL_AUTH',
    section: 'auth',
    schema: bool('TRAWL_AUTH'),
    default: 'on',
    doc: '`off` runs every request as the `default` team without checking keys.',
  }),
  defaultPlan: setting({
    env: 'TRAWL_DEFAULT_PLAN',
    section: 'auth',
    schema: text(),
    default: 'unlimited',
    doc: 'Plan of teams created from `TRAWL_API_KEYS` or `trawl keys create` (see [docs/billing.md](docs/billing.md)).',
    check: (name) => (findPlan(name) ? [] : [`TRAWL_DEFAULT_PLAN: "${name}" is not a plan; known plans: ${planNames().join(', ')}`]),
  }),
  rateLimits: setting({
    env: 'TRAWL_RATE_LIMITS',
    section: 'auth',
    schema: bool('TRAWL_RATE_LIMITS'),
    default: 'on',
    doc: '`off` disables the per-plan, per-minute rate limits.',
  }),

  // Outbound requests
  /** The operator's rules for every outbound connection: each egress client is built from this section. */
  egress: {
    allowPrivateNetwork: setting({
      env: 'TRAWL_ALLOW_PRIVATE_NETWORK',
      section: 'egress',
      schema: bool('TRAWL_ALLOW_PRIVATE_NETWORK'),
      default: 'off',
      doc: '`on` lets outbound requests reach loopback and private addresses, and accepts `localhost`/IP targets. For trusted networks and tests only.',
    }),
    allowedCidrs: setting({
      env: 'TRAWL_EGRESS_ALLOW_CIDRS',
      section: 'egress',
      schema: list(),
      default: '',
      doc: 'Comma-separated private ranges outbound requests may reach anyway (e.g. an intranet `10.1.2.0/24`).',
      check: (cidrs) =>
        cidrs
          .filter((c) => !/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(c))
          .map((c) => `TRAWL_EGRESS_ALLOW_CIDRS: "${c}" is not a CIDR range such as 10.0.0.0/8`),
    }),
    /** Names pinned to addresses before DNS. */
    hostOverrides: setting({
      env: 'TRAWL_RESOLVE',
      section: 'egress',
      schema: z.string().transform((raw, ctx): HostOverride[] => {
        const { entries, problems } = parseHostOverrides(raw);
        for (const message of problems) ctx.issues.push({ code: 'custom', message, input: raw });
        return entries;
      }),
      default: '',
      doc: "Names pinned to addresses before DNS, like curl's `--resolve`: `intranet.example=10.1.2.3,*.corp.example=10.1.2.4`. Pinned addresses still obey the address rules above.",
    }),
  },

  /** The `basic` tier: when set, all scrape traffic (HTTP engine and browser) goes through it. */
  proxyUrl: setting({
    env: 'TRAWL_PROXY_URL',
    section: 'egress',
    schema: blankIsUnset,
    doc: "Basic proxy tier, `http(s)://[user:pass@]host:port`: every scrape request of the HTTP engine and the browser goes through it (CONNECT for https, absolute-form for http). Targets are still checked against the address rules first; the proxy's own address is exempt, even if private. Reported as `proxyUsed: \"basic\"`.",
    check: proxyCheck('TRAWL_PROXY_URL'),
  }),
  /** The `enhanced` tier: `proxy: "enhanced"`, and `"auto"`'s retry after a failed or blocked basic attempt. */
  enhancedProxyUrl: setting({
    env: 'TRAWL_ENHANCED_PROXY_URL',
    section: 'egress',
    schema: blankIsUnset,
    doc: 'Enhanced proxy tier, same form: used for `proxy: "enhanced"` (or `"stealth"`), and by `"auto"` for one retry when the basic attempt got HTTP 401/403/429 or a network error. Reported as `proxyUsed: "stealth"`. Unset, `enhanced` requests use the basic tier with a warning.',
    check: proxyCheck('TRAWL_ENHANCED_PROXY_URL'),
  }),

  // Browser
  chromiumPath: setting({
    env: 'TRAWL_CHROMIUM_PATH',
    section: 'browser',
    schema: text(),
    defaultText: 'found on the machine',
    doc: "Chromium or Chrome to drive. Otherwise Debian's `chromium`, Chrome, or Playwright's cache is used; with none, requests that need a browser get an error naming this setting.",
    check: (file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return [];
      } catch {
        return [`TRAWL_CHROMIUM_PATH: "${file}" is not an executable file`];
      }
    },
  }),
  browserPages: setting({
    env: 'TRAWL_BROWSER_PAGES',
    section: 'browser',
    schema: int('TRAWL_BROWSER_PAGES', 1, 64),
    default: '2',
    doc: 'Browser pages rendering at once (the browser is CPU-bound: more rarely helps on small machines).',
  }),
  /** Live browser sessions (§11, interact) one team may hold at once; each is a Chromium of its own. */
  browserSessionsPerTeam: setting({
    env: 'TRAWL_BROWSER_SESSIONS_PER_TEAM',
    section: 'browser',
    schema: int('TRAWL_BROWSER_SESSIONS_PER_TEAM', 1, 1000),
    default: '5',
    doc: 'Live browser sessions (`POST /v2/browser`, scrape interact) one team may hold at once; each is a Chromium of its own (~150 MB). One more answers `429`. See [docs/browser-sessions.md](docs/browser-sessions.md).',
  }),

  // Scrape, crawl, extract and parse
  /** How long single scrapes stay readable (GET /v2/scrape/{id}) and servable from cache. */
  resultRetentionMs: setting({
    env: 'TRAWL_RESULT_RETENTION_HOURS',
    section: 'scrape',
    schema: int('TRAWL_RESULT_RETENTION_HOURS', 1, 24 * 365).transform((h) => h * HOUR_MS),
    default: '48',
    doc: 'How long single scrapes stay readable (`GET /v2/scrape/{id}`), servable from cache (`maxAge`), and their screenshots served.',
  }),
  /** Requests one crawl may have in flight to one host (politeness). */
  crawlHostConcurrency: setting({
    env: 'TRAWL_CRAWL_HOST_CONCURRENCY',
    section: 'scrape',
    schema: int('TRAWL_CRAWL_HOST_CONCURRENCY', 1, 256),
    default: '8',
    doc: 'Requests one crawl may have in flight to one host (politeness); `delay` or robots.txt `Crawl-delay` make it one.',
  }),
  /** Worker threads of the HTML transform (src/scrape/transform/threads.ts); unset, one less than the cores. */
  transformThreads: setting({
    env: 'TRAWL_TRANSFORM_THREADS',
    section: 'scrape',
    schema: int('TRAWL_TRANSFORM_THREADS', 0, 64),
    defaultText: 'one less than the CPU cores, at most `4`',
    doc: 'Worker threads that turn fetched HTML into markdown and the other formats while the main thread fetches and stores; `0` does it on the main thread.',
  }),
  /** URLs one extract request may name (§20 item 18). */
  extractMaxUrls: setting({
    env: 'TRAWL_EXTRACT_MAX_URLS',
    section: 'scrape',
    schema: int('TRAWL_EXTRACT_MAX_URLS', 1, 1000),
    default: '10',
    doc: 'URLs one `POST /v2/extract` may name (a `/*` section counts as one); more is a 400.',
  }),
  /** Largest file POST /v2/parse accepts; uploads are held in memory while parsed. */
  parseMaxBytes: setting({
    env: 'TRAWL_PARSE_MAX_MB',
    section: 'scrape',
    schema: int('TRAWL_PARSE_MAX_MB', 1, 1024).transform((mb) => mb * 1024 * 1024),
    default: '50',
    doc: 'Largest file `POST /v2/parse` accepts, in MiB; larger uploads answer `413`. The file is held in memory while it is parsed.',
  }),

  // Jobs
  jobRetentionMs: setting({
    env: 'TRAWL_JOB_RETENTION_HOURS',
    section: 'jobs',
    schema: int('TRAWL_JOB_RETENTION_HOURS', 1, 24 * 365).transform((h) => h * HOUR_MS),
    default: '24',
    doc: 'How long job results are kept (`expiresAt`) before they are purged.',
  }),
  /** Unset: decided in load.ts from the default plan, so that one team can use its whole limit. */
  workerConcurrency: setting({
    env: 'TRAWL_WORKER_CONCURRENCY',
    section: 'jobs',
    schema: int('TRAWL_WORKER_CONCURRENCY', 1, 256),
    defaultText: "the default plan's concurrency (at least `8`; `100` for `unlimited`)",
    doc: "Tasks this process works on at once; by default one team can use its plan's whole concurrency.",
  }),

  // Search
  /** Asked in this order by POST /v2/search, results merged (src/search/combine.ts); unset, decided in load.ts. */
  searchProviders: setting({
    env: 'TRAWL_SEARCH_PROVIDERS',
    section: 'search',
    schema: list().transform((names) => names.map((n) => n.toLowerCase())),
    defaultText: '`local`, or `searxng` when `TRAWL_SEARXNG_URL` is set',
    doc: "Comma-separated search providers for `POST /v2/search`, asked together and merged in this order, duplicates dropped: `local` (this Trawl's index of the pages each team fetched) and `searxng`. See [docs/search.md](docs/search.md).",
    check: (names) =>
      names
        .filter((n) => !(SEARCH_PROVIDER_NAMES as readonly string[]).includes(n))
        .map((n) => `TRAWL_SEARCH_PROVIDERS: "${n}" is not a search provider; known: ${SEARCH_PROVIDER_NAMES.join(', ')}`),
  }),
  searxngUrl: setting({
    env: 'TRAWL_SEARXNG_URL',
    section: 'search',
    schema: baseUrl(/^https?$/, 'TRAWL_SEARXNG_URL must be an absolute http(s) URL'),
    doc: 'Base URL of a SearXNG instance with its JSON format enabled (e.g. `http://searxng:8080`). May be a private address.',
  }),

  /** The OpenAI-compatible model behind json, summary, extract and agent; none, the offline engine. */
  llm: {
    /** Ending before `/chat/completions`, e.g. `http://localhost:11434/v1`. */
    baseUrl: setting({
      env: 'TRAWL_LLM_BASE_URL',
      section: 'llm',
      schema: baseUrl(/^https?$/, 'TRAWL_LLM_BASE_URL must be an absolute http(s) URL, e.g. http://localhost:11434/v1'),
      doc: 'Base URL of an OpenAI-compatible chat API, up to `/v1` (e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` for Ollama). Powers the `json` and `summary` formats, extract, the agent and crawl prompts. Unset, the built-in offline engine answers what pages state plainly. May be a private address. See [docs/llm.md](docs/llm.md).',
    }),
    apiKey: setting({
      env: 'TRAWL_LLM_API_KEY',
      section: 'llm',
      schema: text(),
      doc: 'Sent as `Authorization: Bearer …` to the LLM endpoint (local servers usually need none).',
    }),
    model: setting({
      env: 'TRAWL_LLM_MODEL',
      section: 'llm',
      schema: text(),
      default: 'gpt-4o-mini',
      doc: 'Model name sent with every LLM request.',
    }),
    /** How answers are held to a schema; `auto` tries `json_schema` and falls back to the prompt. */
    structuredOutput: setting({
      env: 'TRAWL_LLM_STRUCTURED_OUTPUT',
      section: 'llm',
      schema: z.enum(STRUCTURED_OUTPUT_MODES),
      default: 'auto',
      doc: 'How answers are held to a JSON schema: `json_schema` (`response_format` with the schema), `json_object` (JSON mode, schema in the prompt), `prompt` (schema in the prompt only), or `auto` (tries `json_schema`, falls back to `prompt` for the rest of the process when the server rejects it with 400). Every answer is validated against the schema and repaired either way.',
    }),
    timeoutMs: setting({
      env: 'TRAWL_LLM_TIMEOUT_SECONDS',
      section: 'llm',
      schema: int('TRAWL_LLM_TIMEOUT_SECONDS', 1, 3600).transform((s) => s * 1000),
      default: '120',
      doc: 'Longest wait for one LLM answer before it counts as failed (and is retried).',
    }),
    /** Retries after a 429, a 5xx or a network error, with backoff. */
    maxRetries: setting({
      env: 'TRAWL_LLM_MAX_RETRIES',
      section: 'llm',
      schema: int('TRAWL_LLM_MAX_RETRIES', 0, 10),
      default: '3',
      doc: 'Retries of an LLM call after HTTP 429 (honouring `Retry-After`), a 5xx or a network error/timeout, with exponential backoff.',
    }),
    /** Page text sent to the model is cut to this many characters (all pages of one request together). */
    maxInputChars: setting({
      env: 'TRAWL_LLM_MAX_INPUT_CHARS',
      section: 'llm',
      schema: int('TRAWL_LLM_MAX_INPUT_CHARS', 1000, 10_000_000),
      default: '100000',
      doc: 'Page text sent to the LLM per request is cut to this many characters (all pages together), with a warning.',
    }),
  },

  // Webhooks
  /** Signs every webhook delivery (`X-Firecrawl-Signature`, §16.1); none, no signature. */
  webhookSecret: setting({
    env: 'TRAWL_WEBHOOK_SECRET',
    section: 'webhooks',
    schema: z.string().min(1),
    doc: 'Signs every webhook delivery: `X-Firecrawl-Signature: sha256=<hex>`, the HMAC-SHA256 of the exact body with this secret (one secret for the whole server). Unset, deliveries are unsigned.',
  }),
  /** Wait before each retry of a failed webhook delivery; as many retries as entries. */
  webhookRetryDelaysMs: setting({
    env: 'TRAWL_WEBHOOK_RETRY_DELAYS',
    section: 'webhooks',
    schema: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,9}$/, 'TRAWL_WEBHOOK_RETRY_DELAYS must be up to 10 comma-separated numbers of seconds, e.g. 60,300,900')
      .transform((v) => v.split(',').map((n) => Math.round(Number(n) * 1000))),
    default: '60,300,900',
    doc: 'Seconds to wait before each retry of a webhook delivery that got no 2xx within 10 s; one retry per entry (decimals allowed), then the delivery is given up.',
  }),

  // Monitors
  /** Where monitor e-mails are handed over (nodemailer URL form); none, e-mail notifications are refused. */
  smtpUrl: setting({
    env: 'TRAWL_SMTP_URL',
    section: 'monitor',
    schema: url(/^smtps?$/, 'TRAWL_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587'),
    doc: 'SMTP server monitor e-mails are sent through, as `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset, monitors with e-mail notifications enabled are refused. May be a private address. See [docs/monitor.md](docs/monitor.md).',
  }),
  smtpFrom: setting({
    env: 'TRAWL_SMTP_FROM',
    section: 'monitor',
    schema: text(),
    default: 'Trawl <trawl@localhost>',
    doc: 'The From address of monitor e-mails.',
  }),

  // Logging
  logLevel: setting({
    env: 'TRAWL_LOG_LEVEL',
    section: 'logging',
    schema: z.enum(LOG_LEVELS),
    default: 'info',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  }),
  /** `auto`: one readable line per request on a terminal, JSON otherwise (src/http/log-format.ts). */
  logFormat: setting({
    env: 'TRAWL_LOG_FORMAT',
    section: 'logging',
    schema: z.enum(LOG_FORMATS, { error: `TRAWL_LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}` }),
    default: 'auto',
    doc: '`pretty` (one line per request), `json`, or `auto`: pretty on a terminal, JSON otherwise.',
  }),
} satisfies Record<string, Setting<unknown> | Record<string, Setting<unknown>>>;

type ValueOf<S> = S extends Setting<unknown> ? z.output<S['parse']> : { [K in keyof S]: ValueOf<S[K]> };

/** Each setting's parsed value, under its `Config` key. */
export type SettingValues = { [K in keyof typeof SETTINGS]: ValueOf<(typeof SETTINGS)[K]> };

/** Every declaration with its place in `Config` (`['llm', 'model']`), in the order written above. */
export function allSettings(): { key: string[]; setting: Setting<unknown> }[] {
  const isSetting = (v: object): v is Setting<unknown> => 'env' in v;
  return Object.entries(SETTINGS).flatMap(([key, v]) =>
    isSetting(v) ? [{ key: [key], setting: v }] : Object.entries(v).map(([inner, s]) => ({ key: [key, inner], setting: s as Setting<unknown> })),
  );
}
