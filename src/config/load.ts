import { z } from 'zod';
import { concurrencyOf } from '../billing/plans.js';
import { exposureProblem } from './exposure.js';
import { allSettings, type SearchProviderName, type SettingValues } from './settings.js';

/**
 * Tasks one process runs at once when TRAWL_WORKER_CONCURRENCY is unset: the default
 * plan's concurrency, so that one team can reach its whole limit (stacked maxConcurrency
 * jobs included), and never fewer than this.
 */
const MIN_WORKER_CONCURRENCY = 8;

/** The settings as the code reads them: settings.ts's values, with the defaults that depend on other settings decided. */
export type Config = Omit<SettingValues, 'workerConcurrency' | 'searchProviders'> & {
  workerConcurrency: number;
  searchProviders: SearchProviderName[];
};

export type LlmConfig = Config['llm'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const declared = allSettings();
const envSchema = z.object(Object.fromEntries(declared.map(({ setting }) => [setting.env, setting.parse])));

/** Every setting from `env`, validated; a ConfigError lists every problem, one line each, naming the variable. */
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
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { key, setting } of declared) {
    const value = parsed.data[setting.env];
    if (value !== undefined && value !== null && setting.check) problems.push(...setting.check(value));
    const [outer = '', inner] = key;
    if (inner === undefined) values[outer] = value;
    else values[outer] = { ...(values[outer] as object | undefined), [inner]: value };
  }
  const v = values as SettingValues;
  problems.push(...acrossSettings(v));
  if (problems.length) throw new ConfigError(problems);
  return {
    ...v,
    workerConcurrency: v.workerConcurrency ?? Math.max(MIN_WORKER_CONCURRENCY, concurrencyOf(v.defaultPlan)),
    searchProviders: [...new Set(searchProvidersOf(v))] as SearchProviderName[],
  };
}

function searchProvidersOf(v: SettingValues): string[] {
  return v.searchProviders ?? [v.searxngUrl ? 'searxng' : 'local'];
}

/** Problems no one setting has on its own. */
function acrossSettings(v: SettingValues): string[] {
  const problems: string[] = [];
  const providers = searchProvidersOf(v);
  if (!providers.length) problems.push('TRAWL_SEARCH_PROVIDERS: name at least one search provider');
  if (providers.includes('searxng') && !v.searxngUrl) problems.push('TRAWL_SEARCH_PROVIDERS: "searxng" needs TRAWL_SEARXNG_URL');
  if (v.role !== 'all') {
    // Split processes share their work through the database and Redis; a SQLite file is one machine's, and its lock one process's.
    const missing = [...(v.databaseUrl ? [] : ['DATABASE_URL']), ...(v.redisUrl ? [] : ['REDIS_URL'])];
    if (missing.length) {
      problems.push(
        `TRAWL_ROLE: the ${v.role} process shares its work with the others through PostgreSQL and Redis: set ${missing.join(' and ')} ` +
          '(or run everything in one process with `trawl serve`)',
      );
    }
  }
  if (v.role !== 'worker' && !v.allowInsecureExposure) {
    const keys = [...(v.bootstrapKey ? [v.bootstrapKey] : []), ...v.declaredKeys.map((k) => k.key)];
    const problem = exposureProblem(v.host, v.auth, keys);
    if (problem) problems.push(problem);
  }
  return problems;
}
