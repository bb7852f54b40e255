import type { FastifyRequest } from 'fastify';
import { hashKey } from './keys.js';
import { DEFAULT_TEAM } from './bootstrap.js';
import type { Store } from '../store/store.js';
import type { ApiKey, Team } from '../store/teams.js';
import { TrawlError } from '../errors/trawl-error.js';

export interface Principal {
  team: Team;
  apiKey: ApiKey | null;
}

/** Reads the bearer token as the SDKs send it; null when there is none. */
export function bearerToken(header: string | undefined): string | null | undefined {
  // An empty header is what some clients send for "no key".
  if (header === undefined || header.trim() === '') return undefined;
  const m = /^\s*Bearer(?:\s+(.*))?$/i.exec(header);
  const token = m?.[1]?.trim();
  return token ? token : null;
}

/**
 * Resolves the team of a request. With authentication switched off every
 * caller is the default team, key or not (§1.2).
 */
export async function authenticate(
  store: Store,
  authEnabled: boolean,
  authorization: string | undefined,
): Promise<Principal> {
  if (!authEnabled) {
    const team = await store.teams.findTeamByName(DEFAULT_TEAM);
    if (!team) throw new TrawlError('DEFAULT_TEAM_MISSING');
    return { team, apiKey: null };
  }
  const token = bearerToken(authorization);
  if (token === undefined) throw new TrawlError('UNAUTHORIZED');
  if (token === null) throw new TrawlError('UNAUTHORIZED', 'Unauthorized: Token missing');
  const found = await store.teams.findApiKeyByHash(hashKey(token));
  if (!found) throw new TrawlError('UNAUTHORIZED', 'Unauthorized: Invalid token');
  return { team: found.team, apiKey: found.key };
}

export const authorizationOf = (req: FastifyRequest) => req.headers.authorization;
