/** Teams own everything (jobs, documents, usage); API keys authenticate as a team. */

export interface Team {
  id: string;
  name: string;
  plan: string;
  createdAt: string;
}

export interface ApiKey {
  id: string;
  teamId: string;
  name: string;
  /** First characters of the key, kept in clear so an operator can tell keys apart. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface TeamStore {
  createTeam(input: { name: string; plan: string }): Promise<Team>;
  getTeam(id: string): Promise<Team | null>;
  findTeamByName(name: string): Promise<Team | null>;
  setTeamPlan(teamId: string, plan: string): Promise<void>;
  listTeams(): Promise<Team[]>;

  /** Stores a key by its hash; the clear key is never persisted. */
  addApiKey(input: { teamId: string; name: string; keyHash: string; prefix: string }): Promise<ApiKey>;
  /** The live (not revoked) key with this hash, with its team. */
  findApiKeyByHash(keyHash: string): Promise<{ key: ApiKey; team: Team } | null>;
  listApiKeys(teamId?: string): Promise<ApiKey[]>;
  /** Revokes by key id or by prefix; answers how many keys were revoked. */
  revokeApiKey(idOrPrefix: string): Promise<number>;
}
