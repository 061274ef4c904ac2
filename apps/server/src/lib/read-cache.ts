import { LRUCache } from 'lru-cache';

/**
 * Answers read from the database kept in memory until the rows behind them change
 * (docs/decisions/021). It only holds anything while it is `live`, i.e. while the process hears every
 * change (plugins/read-caches.ts); a read that started before a change is never stored after it.
 * Callers that miss the same key together share one read: after a license changes, every engine of
 * a fleet validating at once would otherwise read it each.
 */
export interface ReadCache<K extends {}, V extends {}> {
  get(key: K): V | undefined;
  /**
   * Reads through `load` and keeps its answer (none: nothing), unless something was forgotten meanwhile;
   * joins a read of the same key already on its way, unless something was forgotten since it started.
   */
  fill(key: K, load: () => Promise<V | null>): Promise<V | null>;
  forget(keys: Iterable<K>): void;
  /** Forgets every answer that `matches`. */
  forgetWhere(matches: (value: V) => boolean): void;
  forgetAll(): void;
  /** Hearing every change (again) lets it hold answers; not hearing them empties it. */
  setLive(live: boolean): void;
}

export function createReadCache<K extends {}, V extends {}>(opts: { max: number }): ReadCache<K, V> {
  const entries = new LRUCache<K, V>({ max: opts.max });
  let live = false;
  // Bumped by every forget: an answer read before it may be the old one.
  let generation = 0;
  const reading = new Map<K, { startedAt: number; read: Promise<V | null> }>();
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    get: (key) => (live ? entries.get(key) : undefined),
    async fill(key, load) {
      const pending = reading.get(key);
      // Not live, a change may have gone unheard since that read started: read again.
      if (live && pending?.startedAt === generation) return pending.read;
      const own = { startedAt: generation, read: load() };
      if (live) reading.set(key, own);
      try {
        const value = await own.read;
        if (value !== null && live && own.startedAt === generation) entries.set(key, value);
        return value;
      } finally {
        if (reading.get(key) === own) reading.delete(key);
      }
    },
    forget(keys) {
      generation++;
      for (const key of keys) entries.delete(key);
    },
    forgetWhere(matches) {
      generation++;
      for (const [key, value] of entries.entries()) if (matches(value)) entries.delete(key);
    },
    forgetAll,
    setLive(next) {
      forgetAll();
      live = next;
    },
  };
}
