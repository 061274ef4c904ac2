import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import {
  LISTEN_SILENCE_MS,
  type ListenHandlers,
  type Listening,
  listenOnPglite,
  listenOnPostgres,
} from './listen';
import { PreparingClient } from './prepared-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service decides where the transaction starts. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /** One parameterized statement, in node-postgres' shape (the throttles' store speaks it). */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /**
   * LISTEN on a channel (db/listen.ts): the read caches hear from it what changed. `silenceMs`: how
   * long without hearing its own heartbeat before the listener counts as lost (15 s).
   */
  listen(channel: string, handlers: ListenHandlers, opts?: { silenceMs?: number }): Promise<Listening>;
  close(): Promise<void>;
}

/**
 * A lost or stuck database fails a request within seconds instead of holding it (docs/design.md §4,
 * docs/decisions/014): connecting gives up after 5 s; PostgreSQL cancels a statement after 30 s and
 * ends a session left idle inside a transaction after 30 s; the client stops waiting for an answer
 * a little later, for a connection whose network went silent.
 */
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  idle_in_transaction_session_timeout: 30_000,
  query_timeout: 35_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
};

/** PostgreSQL when a URL is given, else the embedded PGlite (in memory when dataDir is omitted). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** An idle pooled connection was closed by the server (restart, failover, a dropped test database). */
  onIdleConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...POOL_TIMEOUTS,
      Client: PreparingClient,
    });
    // Without a listener, node-postgres rethrows such an error and the whole process dies; the pool
    // has already dropped the broken connection, so the next query simply opens a new one.
    pool.on('error', (error) => opts.onIdleConnectionError?.(error));
    // Keep bigint-free numeric types as numbers; timestamps come back as Date from drizzle.
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      query: async (text, values) => {
        const result = await pool.query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
      listen: (channel, handlers, listenOpts) =>
        listenOnPostgres(opts.databaseUrl as string, channel, handlers, {
          silenceMs: listenOpts?.silenceMs ?? LISTEN_SILENCE_MS,
          notify: async (to, payload) => {
            await pool.query('SELECT pg_notify($1, $2)', [to, payload]);
          },
        }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const unlock = opts.dataDir ? await lockDataDir(opts.dataDir) : async () => {};
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  try {
    await client.waitReady;
  } catch (error) {
    await unlock();
    throw error;
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, values) => {
      const result = await client.query<Record<string, unknown>>(text, values);
      // PGlite counts rows a SELECT returns apart from rows a statement changed; pg counts either.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

/** Raw SQL rows, typed: both drivers answer `{ rows }`, which Drizzle's shared type leaves unknown. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
