import type { Store } from '../store/store.js';
import type { ApiKey } from '../store/teams.js';
import { generateKey, hashKey, keyPrefix } from './keys.js';

/** A key as its team sees it: never the key itself, which is not stored. */
export interface TeamKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  /** The key this very request was made with. */
  current: boolean;
}

const view = (k: ApiKey, currentId: string | null): TeamKeyView => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt,
  revokedAt: k.revokedAt,
  current: k.id === currentId,
});

export async function listTeamKeys(store: Store, teamId: string, currentId: string | null): Promise<TeamKeyView[]> {
  return (await store.teams.listApiKeys(teamId)).map((k) => view(k, currentId));
}

/** Issues a key for the team; the clear key is returned this once and never again. */
export async function issueTeamKey(store: Store, teamId: string, name: string): Promise<{ key: string; record: TeamKeyView }> {
  const key = generateKey();
  const record = await store.teams.addApiKey({ teamId, name, keyHash: hashKey(key), prefix: keyPrefix(key) });
  return { key, record: view(record, null) };
}

export type RevokeOutcome = 'revoked' | 'already-revoked' | 'not-found' | 'current';

/**
 * Revokes one key of the team by id. The store revokes by id or prefix across
 * all teams, so the key is looked up among the team's own first: another
 * team's key reads as unknown.
 */
export async function revokeTeamKey(store: Store, teamId: string, keyId: string, currentId: string | null): Promise<RevokeOutcome> {
  const key = (await store.teams.listApiKeys(teamId)).find((k) => k.id === keyId);
  if (!key) return 'not-found';
  if (key.revokedAt) return 'already-revoked';
  if (key.id === currentId) return 'current';
  await store.teams.revokeApiKey(key.id);
  return 'revoked';
}
