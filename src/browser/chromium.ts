import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BrowserError } from './errors.js';

export const CHROMIUM_PATH_ENV = 'TRAWL_CHROMIUM_PATH';

const SYSTEM_PATHS = [
  // Debian's binary itself rather than its /usr/bin/chromium wrapper, which adds the flags
  // in /etc/chromium.d (remote extensions, GPU rasterization) and trips over /dev/shm checks.
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

// Folder layouts Playwright has used for its Linux Chromium downloads over the years.
const PLAYWRIGHT_LAYOUTS = ['chrome-linux64/chrome', 'chrome-linux/chrome'];

export interface FindChromiumOptions {
  env?: NodeJS.ProcessEnv;
  /** Where to look for Playwright's browser cache when PLAYWRIGHT_BROWSERS_PATH is unset. */
  homeDir?: string;
  /** Replaces the built-in system locations (tests). */
  systemPaths?: readonly string[];
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function playwrightCandidates(cacheDir: string): string[] {
  let entries: string[];
  try {
    entries = fs.readdirSync(cacheDir);
  } catch {
    return [];
  }
  const revision = (name: string): number => Number(name.slice('chromium-'.length)) || 0;
  return entries
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => revision(b) - revision(a))
    .flatMap((dir) => PLAYWRIGHT_LAYOUTS.map((layout) => path.join(cacheDir, dir, layout)));
}

/**
 * The Chromium executable to launch. Only called when a request needs the browser, so a
 * machine without Chromium still serves everything else.
 */
export function findChromium(options: FindChromiumOptions = {}): string {
  const env = options.env ?? process.env;
  const configured = env[CHROMIUM_PATH_ENV]?.trim();
  if (configured) {
    if (isExecutableFile(configured)) return configured;
    throw new BrowserError(
      'BROWSER_UNAVAILABLE',
      `${CHROMIUM_PATH_ENV} is set to ${JSON.stringify(configured)}, which is not an executable file`,
    );
  }
  const cacheDir = env.PLAYWRIGHT_BROWSERS_PATH?.trim() || path.join(options.homeDir ?? os.homedir(), '.cache', 'ms-playwright');
  const candidates = [...(options.systemPaths ?? SYSTEM_PATHS), ...playwrightCandidates(cacheDir)];
  const found = candidates.find(isExecutableFile);
  if (found) return found;
  throw new BrowserError(
    'BROWSER_UNAVAILABLE',
    `no Chromium found for the browser engine: install it (Debian/Ubuntu: \`apt-get install chromium\`) ` +
      `or set ${CHROMIUM_PATH_ENV} to a Chromium or Chrome executable`,
  );
}

const versions = new Map<string, Promise<string | undefined>>();

/**
 * The version an executable says it is (`Chromium 156.0.8078.108`), or undefined when it
 * says none; read before launching it, when the browser cannot be asked yet. Read once per
 * executable: asking spawns a whole Chromium (~100 ms), and every relaunch of the pool and
 * every browser session wants it. Rejects when the executable does not run, and then is
 * asked again next time.
 */
export function chromiumVersion(executablePath: string): Promise<string | undefined> {
  let found = versions.get(executablePath);
  if (!found) {
    found = promisify(execFile)(executablePath, ['--version'], { timeout: 10_000 }).then(
      ({ stdout }) => /\b\d+\.\d+\.\d+\.\d+\b/.exec(stdout)?.[0],
    );
    found.catch(() => versions.delete(executablePath));
    versions.set(executablePath, found);
  }
  return found;
}
