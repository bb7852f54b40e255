// First: it bounds the heaps of all that loads after it.
import './heap-growth.js';
import { bannerText, startupFacts } from './banner.js';
import { ConfigError, loadConfig } from './config.js';
import { chooseLogFormat } from './http/log-format.js';
import { startTrawl } from './server.js';
import { exitOnFatal, exitOnSignals } from './shutdown.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const trawl = await startTrawl(config);
  const log = trawl.app.log;
  if (config.auth && !config.bootstrapKey && config.declaredKeys.length === 0) {
    const keys = await trawl.store.teams.listApiKeys();
    if (!keys.some((k) => !k.revokedAt)) {
      log.warn('No API key exists yet: set TRAWL_API_KEY, or run `npx trawl keys create --team NAME`.');
    }
  }
  // A person at a terminal reads the banner; a log collector gets the same facts as fields of one record.
  const facts = startupFacts(config, trawl.url, trawl.worker.owner);
  if (chooseLogFormat(Boolean(process.stdout.isTTY), config.logFormat) === 'pretty') process.stdout.write(bannerText(facts));
  else log.info(Object.fromEntries(facts.rows), facts.headline);

  // A stray rejection in one request or job must not take every other one down.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));

  exitOnFatal(trawl, log, config.shutdownTimeoutMs);
  exitOnSignals(trawl, log, config.shutdownTimeoutMs);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
