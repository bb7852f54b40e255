// Builds the dashboard into web/dist. npm runs it after `npm ci` / `npm install`
// (the `prepare` script), so a fresh clone serves the dashboard with `npm start`.
// A production install without devDependencies has no Vite: it then says so and
// leaves the dashboard unbuilt rather than failing the whole install.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
try {
  require.resolve('vite');
} catch {
  console.warn('trawl: Vite is not installed (devDependencies omitted); the dashboard is not built.');
  process.exit(0);
}
const { build } = await import('vite');
await build({ root: fileURLToPath(new URL('..', import.meta.url)), configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) });
