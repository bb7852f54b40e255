// Where a transform thread starts. Node 20 gives a worker thread none of the loader
// hooks `--import tsx` gave the main thread, so the TypeScript loader is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
