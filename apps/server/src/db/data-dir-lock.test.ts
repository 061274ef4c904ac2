import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

// The embedded database opens in one process at a time: a second opener is refused with a message
// saying why, and the folder is free again once the first closes it.

const dataDir = mkdtempSync(join(tmpdir(), 'store-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database folder', () => {
  it('refuses a second opener while the first holds it, and takes one after it closed', async () => {
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await first.close();
    const second = await openDatabase({ dataDir });
    expect((await second.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await second.close();
    // Making and migrating an embedded database takes its time on a busy machine.
  }, 90_000);

  it('takes at once a lock left by a process that was killed without releasing it', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    mkdirSync(join(dataDir, 'store.lock'));
    writeFileSync(join(dataDir, 'store.lock.pid'), String(gone));
    const db = await openDatabase({ dataDir });
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  }, 60_000);

  it("refuses the operator's command line while a server has it open, saying what to do", async () => {
    const server = await openDatabase({ dataDir });
    try {
      const root = join(import.meta.dirname, '../../../..');
      const failed = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/ops.ts', 'org:list'],
        { cwd: root, env: { ...process.env, DATABASE_URL: '', DEMO: '1', DATA_DIR: dataDir } },
      ).catch((e: { code: number; stderr: string }) => e);
      expect((failed as { code: number }).code).toBe(1);
      expect((failed as { stderr: string }).stderr).toContain(
        `The embedded database in ${dataDir} is open in another process (a running server, or another command), and only one process can open it.`,
      );
    } finally {
      await server.close();
    }
  }, 60_000);
});
