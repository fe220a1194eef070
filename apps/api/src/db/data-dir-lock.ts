import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError } from '../config/env.ts';

/** The file in DATA_DIR naming the process that has the embedded database open. */
const LOCK_FILE_NAME = 'server.lock';

/** Lock files this process holds (the embedded database must never be opened twice, even here). */
const held = new Set<string>();
let exitHookInstalled = false;

type Owner = number | 'missing' | 'unreadable';

function readOwner(file: string): Owner {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 'unreadable';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dataDir: string, lockFile: string, pid: number): ConfigError {
  return new ConfigError(
    `DATA_DIR (${dataDir}) is in use by another server (pid ${pid}); stop that server or set DATA_DIR to another folder (if no server runs, delete ${lockFile})`,
  );
}

function release(lockFile: string): void {
  if (!held.delete(lockFile)) return;
  try {
    if (readOwner(lockFile) === process.pid) unlinkSync(lockFile);
  } catch {
    // Already gone, or the folder with it: nothing to release.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // process.exit() after a forced shutdown skips close(); the lock goes anyway. A crash leaves it
  // behind as a stale lock, which the next start recovers.
  process.on('exit', () => {
    for (const lockFile of [...held]) release(lockFile);
  });
}

/**
 * Takes DATA_DIR for this process (decision 0026): PGlite is one process's database, and a second server on
 * the same folder loses its writes. The lock is `server.lock` holding the owner's pid, created with
 * O_EXCL (`wx`), so of two servers starting together exactly one gets it. A lock whose pid no longer
 * runs is stale (a crash, a kill -9) and is taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockFile = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (held.has(lockFile)) throw inUse(dataDir, lockFile, process.pid);
  for (let round = 0; round < 50; round += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(lockFile);
      installExitHook();
      return () => release(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockFile);
    if (owner === 'missing') continue;
    if (owner === 'unreadable' && round < 20) {
      // Created a moment ago, its pid not written yet: look again shortly.
      await sleep(25);
      continue;
    }
    // Our own pid in a lock we do not hold is an earlier life of this pid (a container restarted).
    if (typeof owner === 'number' && owner !== process.pid && isAlive(owner)) {
      throw inUse(dataDir, lockFile, owner);
    }
    // Stale. Move it aside (atomic) and check that what moved is the lock judged stale: another server
    // recovering it at the same moment may already have put its own lock there.
    const aside = `${lockFile}.${process.pid}.stale`;
    try {
      renameSync(lockFile, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved !== owner) {
      // It was a fresh lock: put it back (link fails if yet another one is there) and yield to it.
      try {
        linkSync(aside, lockFile);
      } catch {
        // the newer lock stays
      }
      unlinkSync(aside);
      if (typeof moved === 'number' && isAlive(moved)) throw inUse(dataDir, lockFile, moved);
      continue;
    }
    unlinkSync(aside);
  }
  throw new ConfigError(`Cannot lock DATA_DIR (${dataDir}): ${lockFile} keeps changing`);
}
