import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { CachedSession } from '../lib/auth-context';
import { createReadCache, type ReadCache } from '../lib/read-cache';
import { ENGINE_CALLS } from './route-security';

/** The channel the database announces changes on (migration 0099_change_notifications.sql). */
export const CHANGES_CHANNEL = 'store_changes';

/**
 * The reads answered from memory (docs/decisions/021): the session behind a bearer token (every
 * signed-in request reads it), an organization's subscription list as its serialized answer (the
 * signed-in home), and the subscription and machines behind a license key (every validation of an
 * engine). Each
 * is forgotten when the database announces a change to the rows it was read from.
 */
export interface ReadCaches<License extends LicenseOwner = LicenseOwner> {
  sessions: ReadCache<string, CachedSession>;
  subscriptionLists: ReadCache<number, string>;
  licenses: ReadCache<string, License>;
}

/** Whose a cached license read is: all the change listener needs of it (licensing fills the cache). */
export interface LicenseOwner {
  record: { subscription: { id: number; organizationId: number } };
}

export function createReadCaches<License extends LicenseOwner>(): ReadCaches<License> {
  return {
    sessions: createReadCache({ max: 10_000 }),
    subscriptionLists: createReadCache({ max: 5_000 }),
    licenses: createReadCache({ max: 20_000 }),
  };
}

/** What a notification on the channel means to the caches; anything unknown empties them. */
export function applyChange(caches: ReadCaches, payload: string): void {
  const [topic, list = ''] = payload.split(':', 2);
  const ids = list.split(',').map(Number);
  const named = ids.every(Number.isSafeInteger) ? new Set(ids) : null;
  if (payload === 'auth') caches.sessions.forgetAll();
  else if (payload === 'orgs:*') {
    caches.subscriptionLists.forgetAll();
    caches.licenses.forgetAll();
  } else if (topic === 'orgs' && named) {
    caches.subscriptionLists.forget(named);
    caches.licenses.forgetWhere(({ record }) => named.has(record.subscription.organizationId));
  } else if (topic === 'machines' && named) {
    caches.licenses.forgetWhere(({ record }) => named.has(record.subscription.id));
  } else {
    caches.sessions.forgetAll();
    caches.subscriptionLists.forgetAll();
    caches.licenses.forgetAll();
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The engines' calls change usage and machines many times a second: only the license one names is
// forgotten here, the database announces the rest. A validation changes none of what is cached, nor
// does a lease's checkout, renewal or borrow: leases are never cached (validation reads them live).
const ENGINE_READS = new Set([
  '/api/licensing/validate',
  '/api/licensing/leases',
  '/api/licensing/leases/:leaseId/heartbeat',
  '/api/licensing/leases/:leaseId/borrow',
]);

/**
 * Listens for the database's announcements; while not listening, nothing is cached. A change made
 * through this process forgets every cached read before its answer leaves (an engine's call, the
 * license it names), so the next read of whoever made it never waits on the announcement.
 */
export async function registerReadCaches(
  app: FastifyInstance,
  database: Database,
  caches: ReadCaches,
  silenceMs?: number,
): Promise<void> {
  const all = [caches.sessions, caches.subscriptionLists, caches.licenses];
  const listening = await database.listen(
    CHANGES_CHANNEL,
    {
      notification: (payload) => applyChange(caches, payload),
      connected: () => {
        for (const cache of all) cache.setLive(true);
      },
      lost: () => {
        for (const cache of all) cache.setLive(false);
      },
    },
    { silenceMs },
  );
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READS.has(request.method) || ENGINE_READS.has(request.routeOptions.url ?? '')) {
      // Nothing read here changed.
    } else if (request.url.startsWith(ENGINE_CALLS)) {
      const licenseKey = (request.body as { licenseKey?: unknown } | undefined)?.licenseKey;
      if (typeof licenseKey === 'string') caches.licenses.forget([licenseKey]);
    } else {
      for (const cache of all) cache.forgetAll();
    }
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    for (const cache of all) cache.setLive(false);
    await listening.close();
  });
}
