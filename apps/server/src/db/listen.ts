import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener is told: each notification, and when it can (again) or can no longer hear them. */
export interface ListenHandlers {
  notification(payload: string): void;
  /** Listening (again): notifications sent while it was not listening were missed. */
  connected(): void;
  /** No longer listening: whatever relies on hearing every change must stop relying on it. */
  lost(): void;
}

export interface Listening {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on its own PostgreSQL connection (a pooled one goes back to the pool between queries). A
 * broken connection is reported as lost and replaced, waiting longer after each failure.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  let current: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  const ended = new WeakSet<pg.Client>();

  function lose(client: pg.Client) {
    if (ended.has(client)) return;
    ended.add(client);
    client.end().catch(() => {});
    if (current === client) {
      current = null;
      handlers.lost();
    }
    if (closed) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  async function connect() {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notification(message.payload ?? '');
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lose(client);
      return;
    }
    if (closed) {
      ended.add(client);
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    handlers.connected();
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) {
        ended.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}

/** The embedded database runs in this process: its notifications cannot be lost. */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  const unlisten = await client.listen(channel, (payload) => handlers.notification(payload));
  handlers.connected();
  return { close: () => unlisten() };
}
