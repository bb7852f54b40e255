#!/usr/bin/env node
// The CLI runs the TypeScript sources directly, as `npm start` does.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
