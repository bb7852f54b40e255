export { Trawl } from './client.js';
export * from './errors.js';
export type { ClientOptions } from './http.js';
export type * from './types.js';
export { Watcher, type JobSnapshot, type WatcherOptions } from './watcher.js';
export { VERSION } from './version.js';

import { Trawl } from './client.js';
export default Trawl;
