import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { Team } from '../store/teams.js';
import { hashKey, keyPrefix } from './keys.js';

export const DEFAULT_TEAM = 'default';

// Processes sharing a database (DATABASE_URL) may start at the same moment:
// when another one created the team or key first, its copy is the one kept.
async function ensureTeam(store: Store, name: string, plan: string): Promise<Team> {
  const found = await store.teams.findTeamByName(name);
  if (found) return found;
  try {
    return await store.teams.createTeam({ name, plan });
  } catch (err) {
    const raced = await store.teams.findTeamByName(name);
    if (raced) return raced;
    throw err;
  }
}

async function ensureKey(store: Store, team: Team, key: string, name: string): Promise<void> {
  const hash = hashKey(key);
  if (await store.teams.findApiKeyByHash(hash)) return;
  try {
    await store.teams.addApiKey({ teamId: team.id, name, keyHash: hash, prefix: keyPrefix(key) });
  } catch (err) {
    if (!(await store.teams.findApiKeyByHash(hash))) throw err;
  }
}

/**
 * Makes the keys declared in the environment usable from the first start:
 * `TRAWL_API_KEY` for the default team (unlimited plan), `TRAWL_API_KEYS` for
 * more. Idempotent, so every start can run it.
 */
export async function bootstrapTeams(config: Pick<Config, 'bootstrapKey' | 'declaredKeys' | 'defaultPlan'>, store: Store): Promise<Team> {
  const defaultTeam = await ensureTeam(store, DEFAULT_TEAM, 'unlimited');
  if (config.bootstrapKey) await ensureKey(store, defaultTeam, config.bootstrapKey, 'TRAWL_API_KEY');
  for (const { team, key } of config.declaredKeys) {
    // A key without a team gets a team of its own, named after its hash so
    // that the name is stable across restarts without storing the key.
    const teamName = team ?? `team-${hashKey(key).slice(0, 12)}`;
    const t = await ensureTeam(store, teamName, config.defaultPlan);
    await ensureKey(store, t, key, 'TRAWL_API_KEYS');
  }
  return defaultTeam;
}
