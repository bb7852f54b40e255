// Builds the package: one ESM and one CJS bundle (esbuild) and the type
// declarations (tsc), each in both module flavours. `node scripts/build.mjs [outDir]`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

export async function build(outDir) {
  const { build: esbuild } = await import('esbuild');
  const out = path.resolve(outDir);
  fs.rmSync(out, { recursive: true, force: true });
  const common = {
    entryPoints: [path.join(root, 'src/index.ts')],
    bundle: true,
    platform: 'neutral',
    target: 'es2022',
    // Optional: loaded only when the runtime has no WebSocket of its own.
    external: ['ws'],
    logLevel: 'warning',
  };
  await esbuild({ ...common, format: 'esm', outfile: path.join(out, 'index.js') });
  await esbuild({ ...common, format: 'cjs', outfile: path.join(out, 'index.cjs') });

  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json'), '--outDir', out], { stdio: 'inherit' });
  // CJS consumers need .d.cts files whose relative imports name .cjs siblings.
  for (const f of fs.readdirSync(out).filter((f) => f.endsWith('.d.ts'))) {
    const text = fs.readFileSync(path.join(out, f), 'utf8').replace(/(from\s+['"]\.\/[^'"]+)\.js(['"])/g, '$1.cjs$2');
    fs.writeFileSync(path.join(out, f.replace(/\.d\.ts$/, '.d.cts')), text);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await build(process.argv[2] ?? path.join(root, 'dist'));
  process.stdout.write(`built ${out}\n`);
}
