import { join } from 'node:path';
import lockfile from 'proper-lockfile';

// The embedded database's files can be opened by one process at a time: a second PGlite on the same
// folder (the operator's command line while the demo server runs) would corrupt them. So whoever
// opens them holds a lock in the folder itself (proper-lockfile: a directory made atomically, its
// time renewed while held, so a process killed without releasing it frees it within seconds).

/** How long a lock whose holder stopped renewing it stands before another process may take it. */
const STALE_MS = 10_000;

export class DataDirInUseError extends Error {}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'store.lock'),
      stale: STALE_MS,
      retries: 0,
      realpath: false,
      // The holder cannot keep its lock (the folder vanished, the disk is gone): it must not go on
      // writing beside a process that may now have taken the lock.
      onCompromised: (error) => {
        throw error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is open in another process (a running server, or another command), and only one process can open it. Stop that process and try again; or run both against PostgreSQL with DATABASE_URL.`,
      );
    throw error;
  }
}
