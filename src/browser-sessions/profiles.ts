import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TrawlError } from '../errors/trawl-error.js';

export interface ProfileRequest {
  name: string;
  saveChanges: boolean;
}

/** The folder a session's Chromium runs in, and what to do with it when the session ends. */
export interface ProfileLease {
  userDataDir: string;
  release(): Promise<void>;
}

// Chromium's locks of the process that used the folder last; a copy must not inherit them.
const CHROMIUM_LOCKS = new Set(['SingletonLock', 'SingletonSocket', 'SingletonCookie', 'DevToolsActivePort']);

/**
 * Named persistent profiles (cookies, localStorage) under the data directory, one folder
 * per team and name. A session that saves changes runs in the folder itself, so only one
 * may at a time (409); one that does not runs in a copy that is thrown away. Sessions
 * without a profile get an empty temporary folder.
 */
export class Profiles {
  private readonly savers = new Set<string>();

  constructor(private readonly root: string) {}

  async lease(teamId: string, profile: ProfileRequest | undefined): Promise<ProfileLease> {
    if (!profile) return this.temporary(undefined);
    const dir = this.folderOf(teamId, profile.name);
    if (!profile.saveChanges) return this.temporary(dir);
    const key = `${teamId}\n${profile.name}`;
    if (this.savers.has(key)) {
      throw new TrawlError('CONFLICT', `Profile "${profile.name}" is in use by another session that saves changes to it; end that session or pass saveChanges: false`);
    }
    this.savers.add(key);
    try {
      await fs.mkdir(dir, { recursive: true });
    } catch (err) {
      this.savers.delete(key);
      throw err;
    }
    return { userDataDir: dir, release: async () => void this.savers.delete(key) };
  }

  private folderOf(teamId: string, name: string): string {
    // Hashed: a name is the caller's free text, which must not become a path.
    const hash = createHash('sha256').update(name).digest('hex').slice(0, 32);
    return path.join(this.root, createHash('sha256').update(teamId).digest('hex').slice(0, 16), hash);
  }

  private async temporary(copyOf: string | undefined): Promise<ProfileLease> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'trawl-session-'));
    if (copyOf) {
      await fs
        .cp(copyOf, dir, { recursive: true, filter: (src) => !CHROMIUM_LOCKS.has(path.basename(src)) })
        .catch((err: NodeJS.ErrnoException) => {
          // A profile never saved yet starts empty.
          if (err.code !== 'ENOENT') throw err;
        });
    }
    return { userDataDir: dir, release: () => fs.rm(dir, { recursive: true, force: true }) };
  }
}
