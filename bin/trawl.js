#!/usr/bin/env -S node --max-semi-space-size=16 --no-memory-reducer --no-flush-bytecode --no-flush-baseline-code
// The V8 flags of `npm start` (package.json), for `trawl serve`, `trawl api` and `trawl worker`: see
// docs/deploy.md, "Node's flags".
// The CLI runs the TypeScript sources directly, as `npm start` does.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
