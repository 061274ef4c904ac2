import { randomBytes } from 'node:crypto';
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

/** How a listener knows it still hears: the bound of silence, and how it announces its heartbeat. */
export interface Liveness {
  /** No heartbeat heard for longer than this: the connection counts as lost. */
  silenceMs: number;
  /** Sends a notification over another connection than the listener's (the pool). */
  notify(channel: string, payload: string): Promise<void>;
}

/** The default bound: a heartbeat every 5 s, three missed in a row count as a lost listener. */
export const LISTEN_SILENCE_MS = 15_000;

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on its own PostgreSQL connection (a pooled one goes back to the pool between queries). A
 * broken connection is reported as lost and replaced, waiting longer after each failure.
 *
 * A connection can also go silent without breaking: a NAT or firewall that forgets the flow drops
 * its packets and tells nobody, and TCP keep-alive notices after hours. So the listener announces a
 * heartbeat on a channel of its own every third of `silenceMs` through the pool, and hears it on its
 * own connection; when none has arrived for `silenceMs` (checked every fifteenth of it) the
 * connection counts as lost: reported, dropped and replaced.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  liveness: Liveness,
): Promise<Listening> {
  let current: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  const ended = new WeakSet<pg.Client>();
  const heartbeatChannel = `${channel}_alive_${randomBytes(6).toString('hex')}`;
  let lastHeard = 0;
  let beats = 0;
  const heartbeat = setInterval(() => {
    if (current === null) return;
    if (++beats % 5 === 0) liveness.notify(heartbeatChannel, '').catch(() => {});
    if (performance.now() - lastHeard > liveness.silenceMs) lose(current);
  }, liveness.silenceMs / 15);
  heartbeat.unref();

  function lose(client: pg.Client) {
    if (ended.has(client)) return;
    ended.add(client);
    client.end().catch(() => {});
    // A silent connection never answers end(): its socket is dropped here, not hours later.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
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
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      // The heartbeat watches a connection only once it listens: one that goes silent while its
      // LISTEN statements are on their way would otherwise leave the caches off for good.
      query_timeout: liveness.silenceMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notification(message.payload ?? '');
      else if (message.channel === heartbeatChannel) lastHeard = performance.now();
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      await client.query(`LISTEN ${pg.escapeIdentifier(heartbeatChannel)}`);
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
    lastHeard = performance.now();
    retryMs = FIRST_RETRY_MS;
    handlers.connected();
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
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
