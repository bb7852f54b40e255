/**
 * Every setting Trawl reads from the environment, declared once in config/settings.ts and
 * validated once at start-up (config/load.ts). The rest of the code imports them from here.
 */
export { ConfigError, loadConfig, type Config, type LlmConfig } from './config/load.js';
export { isLoopbackHost } from './config/exposure.js';
export {
  PROCESS_ROLES,
  SEARCH_PROVIDER_NAMES,
  type DeclaredKey,
  type LogFormatSetting,
  type ProcessRole,
  type SearchProviderName,
  type StructuredOutputMode,
} from './config/settings.js';
