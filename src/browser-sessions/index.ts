import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { SessionManager, type SessionManagerOptions } from './manager.js';
import { SessionTokens } from './tokens.js';

export { SessionManager } from './manager.js';
export type { LiveSession } from './session.js';

/** Browser sessions as the HTTP layer sees them: the live sessions and the tokens of their URLs. */
export interface BrowserSessions {
  manager: SessionManager;
  tokens: SessionTokens;
}

export function buildBrowserSessions(
  config: Pick<Config, 'dataDir' | 'egress' | 'proxyUrl' | 'chromiumPath' | 'browserSessionsPerTeam' | 'jobRetentionMs'>,
  store: Store,
  log: SessionManagerOptions['log'],
): BrowserSessions {
  return {
    manager: new SessionManager({
      store,
      dataDir: config.dataDir,
      policy: config.egress,
      ...(config.proxyUrl && { upstreamProxy: config.proxyUrl }),
      ...(config.chromiumPath && { executablePath: config.chromiumPath }),
      perTeamLimit: config.browserSessionsPerTeam,
      retentionMs: config.jobRetentionMs,
      log,
    }),
    tokens: new SessionTokens(),
  };
}
