import { LRUCache } from 'lru-cache';

/**
 * Answers read from the database kept in memory until the rows behind them change
 * (docs/decisions/021). It only holds anything while it is `live`, i.e. while the process hears every
 * change (plugins/read-caches.ts); a read that started before a change is never stored after it.
 */
export interface ReadCache<K extends {}, V extends {}> {
  get(key: K): V | undefined;
  /** Reads through `load` and keeps its answer (none: nothing), unless something was forgotten meanwhile. */
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
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    get: (key) => (live ? entries.get(key) : undefined),
    async fill(key, load) {
      const startedAt = generation;
      const value = await load();
      if (value !== null && live && startedAt === generation) entries.set(key, value);
      return value;
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
