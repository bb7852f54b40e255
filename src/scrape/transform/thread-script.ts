// The transform thread's code as one plain-JS module, bundled by esbuild from the TypeScript
// sources when a process first needs a thread. A thread that ran the sources through tsx
// would need tsx's loader, and on Node 20 a loader is a thread of its own (with its own heap,
// ~+15 MB RSS each): the bundle needs none. It is built from the sources as they are at that
// moment, so an edited source can never leave a stale copy behind.
// The bundle is handed to the thread as a data: URL, so nothing is written to disk; a data:
// module cannot resolve a package's name, so each package import is rewritten to the file
// URL the calling module resolves it to (the packages themselves stay unbundled).
import { fileURLToPath } from 'node:url';
import { build, type Plugin, stop } from 'esbuild';

const packagesByUrl: Plugin = {
  name: 'packages-by-url',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('node:') ? { path, external: true } : { path: import.meta.resolve(path), external: true },
    );
  },
};

let building = 0;

/** The module at `entry` (a file path) and every source file it imports, as one ES module in a data: URL. */
export async function bundledModule(entry: string): Promise<URL> {
  building++;
  try {
    const { outputFiles } = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      plugins: [packagesByUrl],
    });
    return new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0]!.contents).toString('base64')}`);
  } finally {
    // esbuild's service is a process of its own (~15 MB); a crawl has no more use for it.
    if (--building === 0) await stop();
  }
}

let transformThread: Promise<URL> | undefined;

/** The code of a transform thread (thread.ts), bundled once a process. */
export function transformThreadScript(): Promise<URL> {
  transformThread ??= bundledModule(fileURLToPath(new URL('./thread.ts', import.meta.url))).catch((err: unknown) => {
    // A failed build (a source being edited) is tried again at the next page.
    transformThread = undefined;
    throw err;
  });
  return transformThread;
}
