import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

// The embedded database's files can be opened by one process at a time: a second PGlite on the same
// folder (the operator's command line while the demo server runs) would corrupt them. So whoever
// opens them holds a lock in the folder itself (proper-lockfile: a directory made atomically, its
// time renewed while held).

/**
 * How long a lock whose holder stopped renewing it stands before another process may take it. Long,
 * because PGlite runs on the holder's only thread: starting or migrating the database on a busy
 * machine can keep the renewal timer from firing for many seconds, and a live holder must never look
 * stale. A holder killed without releasing is recognised at once by its process id instead.
 */
const STALE_MS = 120_000;

export class DataDirInUseError extends Error {}

const lockPath = (dataDir: string) => join(dataDir, 'store.lock');
const holderPath = (dataDir: string) => join(dataDir, 'store.lock.pid');

/** True when the lock's recorded holder is a process of this machine that no longer runs. */
function holderIsGone(dataDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(holderPath(dataDir), 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function take(dataDir: string) {
  return lockfile.lock(dataDir, {
    lockfilePath: lockPath(dataDir),
    stale: STALE_MS,
    retries: 0,
    realpath: false,
    // The holder cannot keep its lock (the folder vanished, the disk is gone): it must not go on
    // writing beside a process that may now have taken the lock.
    onCompromised: (error) => {
      throw error;
    },
  });
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    let release: () => Promise<void>;
    try {
      release = await take(dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !holderIsGone(dataDir)) throw error;
      // Left by a process that was killed: nobody holds it.
      rmSync(lockPath(dataDir), { recursive: true, force: true });
      release = await take(dataDir);
    }
    writeFileSync(holderPath(dataDir), String(process.pid));
    return async () => {
      rmSync(holderPath(dataDir), { force: true });
      await release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is open in another process (a running server, or another command), and only one process can open it. Stop that process and try again; or run both against PostgreSQL with DATABASE_URL.`,
      );
    throw error;
  }
}
