import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createReadCache, type ReadCache } from '../lib/read-cache';
import type { CachedSession } from '../modules/identity/session.service';

/** The channel the database announces changes on (migration 0099_change_notifications.sql). */
export const CHANGES_CHANNEL = 'store_changes';

/**
 * The signed-in reads answered from memory (docs/decisions/021): the session behind a bearer token
 * (every signed-in request reads it) and an organization's subscription list as its serialized
 * answer (the signed-in home). Both are forgotten when the database announces a change to the rows
 * they were read from.
 */
export interface ReadCaches {
  sessions: ReadCache<string, CachedSession>;
  subscriptionLists: ReadCache<number, string>;
}

export function createReadCaches(): ReadCaches {
  return {
    sessions: createReadCache({ max: 10_000 }),
    subscriptionLists: createReadCache({ max: 5_000 }),
  };
}

/** What a notification on the channel means to the caches; anything unknown empties them. */
export function applyChange(caches: ReadCaches, payload: string): void {
  const ids = payload.startsWith('orgs:') ? payload.slice('orgs:'.length).split(',').map(Number) : [];
  if (payload === 'auth') caches.sessions.forgetAll();
  else if (payload === 'orgs:*') caches.subscriptionLists.forgetAll();
  else if (ids.length > 0 && ids.every(Number.isSafeInteger)) caches.subscriptionLists.forget(ids);
  else {
    caches.sessions.forgetAll();
    caches.subscriptionLists.forgetAll();
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The engines' calls change usage counters many times a second; the database announces those.
const ENGINE_CALLS = '/api/licensing/';

/**
 * Listens for the database's announcements; while not listening, nothing is cached. A change made
 * through this process forgets every cached read before its answer leaves, so the next read of
 * whoever made it never waits on the announcement.
 */
export async function registerReadCaches(
  app: FastifyInstance,
  database: Database,
  caches: ReadCaches,
): Promise<void> {
  const all = [caches.sessions, caches.subscriptionLists];
  const listening = await database.listen(CHANGES_CHANNEL, {
    notification: (payload) => applyChange(caches, payload),
    connected: () => {
      for (const cache of all) cache.setLive(true);
    },
    lost: () => {
      for (const cache of all) cache.setLive(false);
    },
  });
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method) || request.url.startsWith(ENGINE_CALLS)) return;
    for (const cache of all) cache.forgetAll();
  });
  app.addHook('onClose', async () => {
    for (const cache of all) cache.setLive(false);
    await listening.close();
  });
}
