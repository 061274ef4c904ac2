import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../paths';
import { type Database, type DbOrTx, queryRows } from './client';

/**
 * Applies migrations/*.sql in name order, each once, inside one transaction guarded by an advisory
 * lock so that several server processes starting together migrate exactly once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = migrationFiles();
  const applied: string[] = [];
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274)`);
    const done = await queryRows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations`);
    const doneNames = new Set(done.map((r) => r.name));
    for (const file of files) {
      if (doneNames.has(file)) continue;
      const text = readFileSync(join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Migrations this build carries that the database has not applied (readiness, docs/design.md §4). */
export async function pendingMigrations(db: DbOrTx): Promise<string[]> {
  const done = await queryRows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`);
  const doneNames = new Set(done.map((r) => r.name));
  return migrationFiles().filter((f) => !doneNames.has(f));
}

/**
 * Migrations are plain DDL separated by semicolons at line ends; a dollar-quoted body ($$ … $$, a
 * function's or a DO block's) is kept whole whatever its lines end with.
 */
function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const line of text.split('\n')) {
    current += `${line}\n`;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.replace(/;\s*$/, ''));
      current = '';
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(s));
}
