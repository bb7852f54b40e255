import type { Command } from 'commander';
import { generateKey, hashKey, keyPrefix } from '../auth/keys.js';
import { loadConfig } from '../config.js';
import { createStore } from '../store/index.js';
import type { Store } from '../store/store.js';

async function withStore<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await createStore(loadConfig(), { exclusive: false });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** `trawl keys …`: issue, list and revoke API keys, also while the server runs. */
export function registerKeyCommands(program: Command) {
  const keys = program.command('keys').description('manage API keys (works while the server runs)');

  keys
    .command('create')
    .description('issue a new API key for a team, creating the team if needed')
    .requiredOption('--team <name>', 'team the key belongs to')
    .option('--plan <plan>', 'plan of a newly created team (default: TRAWL_DEFAULT_PLAN)')
    .option('--name <name>', 'a label for the key', 'cli')
    .action(async (opts: { team: string; plan?: string; name: string }) => {
      const config = loadConfig();
      await withStore(async (store) => {
        const team =
          (await store.teams.findTeamByName(opts.team)) ??
          (await store.teams.createTeam({ name: opts.team, plan: opts.plan ?? config.defaultPlan }));
        if (opts.plan && team.plan !== opts.plan) await store.teams.setTeamPlan(team.id, opts.plan);
        const key = generateKey();
        const record = await store.teams.addApiKey({
          teamId: team.id,
          name: opts.name,
          keyHash: hashKey(key),
          prefix: keyPrefix(key),
        });
        process.stderr.write(`Key ${record.id} for team "${team.name}" (plan ${opts.plan ?? team.plan}). It is shown only once:\n`);
        process.stdout.write(`${key}\n`);
      });
    });

  keys
    .command('list')
    .description('list keys (prefix, team, state); keys themselves are never stored')
    .option('--team <name>', 'only this team')
    .action(async (opts: { team?: string }) => {
      await withStore(async (store) => {
        const teams = new Map((await store.teams.listTeams()).map((t) => [t.id, t]));
        const team = opts.team ? [...teams.values()].find((t) => t.name === opts.team) : undefined;
        if (opts.team && !team) throw new Error(`No team named "${opts.team}"`);
        const list = await store.teams.listApiKeys(team?.id);
        if (!list.length) {
          process.stderr.write('No keys yet: issue one with `trawl keys create --team NAME`.\n');
          return;
        }
        process.stdout.write('ID\tPREFIX\tTEAM\tPLAN\tNAME\tSTATE\n');
        for (const k of list) {
          const t = teams.get(k.teamId);
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
          process.stdout.write(`${k.id}\t${k.prefix}…\t${t?.name ?? k.teamId}\t${t?.plan ?? ''}\t${k.name}\t${state}\n`);
        }
      });
    });

  keys
    .command('revoke')
    .description('revoke a key by its id or its prefix; takes effect on the next request')
    .argument('<idOrPrefix>')
    .action(async (idOrPrefix: string) => {
      await withStore(async (store) => {
        const n = await store.teams.revokeApiKey(idOrPrefix);
        if (n === 0) throw new Error(`No active key matches "${idOrPrefix}"`);
        process.stdout.write(`Revoked ${n} key${n === 1 ? '' : 's'}.\n`);
      });
    });
}
