import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { createGateway } from '../gateway';
import { type Clock, systemClock } from '../lib/clock';
import { DomainError } from '../lib/domain-error';
import { signingKeySource } from '../modules/licensing';
import { loadDemoClock } from '../runtime';
import { HELP, runOps } from './ops-commands';
import { OpsError } from './ops-error';

// `npm run ops -- <command>`: the operator's tool (docs/operator.md). Same configuration as the
// server: DATABASE_URL for PostgreSQL, else the embedded database in DATA_DIR, which it opens only
// when no other process has it open (db/data-dir-lock.ts).

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    console.log(HELP);
    return argv.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const signingKeys = signingKeySource(config);
    await migrate(database);
    const clock: Clock = config.mode === 'demo' ? await loadDemoClock(database.db) : systemClock;
    return await runOps(argv, {
      db: database.db,
      clock,
      gateway: () => createGateway(config, database.db),
      mode: config.mode,
      publicUrl: config.publicUrl,
      signingKeys,
      out: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const told = [OpsError, ConfigError, DomainError, DataDirInUseError].some(
      (kind) => error instanceof kind,
    );
    if (told) {
      console.error(error.message);
    } else console.error(error);
    process.exit(1);
  },
);
