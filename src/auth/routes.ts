import { teamKeyCreateRequest, teamKeyParams, type TeamKeyCreateRequest, type TeamKeyParams } from '../api/index.js';
import { issueTeamKey, listTeamKeys, revokeTeamKey } from './team-keys.js';
import { TrawlError } from '../errors/trawl-error.js';
import { defineRoutes, type RequestContext, type RouteSpec } from '../http/route.js';
import type { Store } from '../store/store.js';

/**
 * An extension of the contract (docs/api-choices.md): a team manages its own
 * keys with any of its keys, so the dashboard can issue and revoke them. Other
 * teams' keys stay out of reach; operators keep the CLI for those.
 */
export function keyRoutes(deps: { store: Store }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'GET',
      url: '/v2/team/keys',
      operationId: 'listTeamKeys',
      summary: "The team's API keys (prefixes only; keys are never stored)",
      tag: 'Team',
      rateClass: 'crawlStatus',
      handler: async ({ team, apiKey }) => ({
        success: true,
        data: await listTeamKeys(deps.store, team.id, apiKey?.id ?? null),
      }),
    },
    {
      method: 'POST',
      url: '/v2/team/keys',
      operationId: 'createTeamKey',
      summary: 'Issue a new API key for the team; the key is in this answer only',
      tag: 'Team',
      rateClass: 'crawlStatus',
      body: teamKeyCreateRequest,
      handler: async ({ team, body }: RequestContext<TeamKeyCreateRequest>) => {
        const { key, record } = await issueTeamKey(deps.store, team.id, body.name);
        return { success: true, data: { ...record, key } };
      },
    },
    {
      method: 'DELETE',
      url: '/v2/team/keys/:keyId',
      operationId: 'revokeTeamKey',
      summary: 'Revoke one of the team’s API keys',
      tag: 'Team',
      rateClass: 'crawlStatus',
      params: teamKeyParams,
      handler: async ({ team, apiKey, params }: RequestContext<unknown, unknown, TeamKeyParams>) => {
        switch (await revokeTeamKey(deps.store, team.id, params.keyId, apiKey?.id ?? null)) {
          case 'not-found':
            throw new TrawlError('RESOURCE_NOT_FOUND', 'API key not found');
          case 'current':
            throw new TrawlError('INVALID_REQUEST', 'This request was made with that key: sign in with another key of the team to revoke it');
          default:
            return { success: true };
        }
      },
    },
  );
}
