import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The dashboard's bundle: web/dist, served by Trawl at `/` (src/dashboard/serve.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Everything is bundled: the dashboard must work with no network but Trawl's.
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  logLevel: 'warn',
});
