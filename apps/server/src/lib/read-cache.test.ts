import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

/** A read the test finishes by hand, counting how many were started. */
function reads<V>() {
  const started: { finish(value: V | null): void }[] = [];
  const load = () =>
    new Promise<V | null>((resolve) => {
      started.push({ finish: resolve });
    });
  return { started, load };
}

const liveCache = () => {
  const cache = createReadCache<string, { version: number }>({ max: 10 });
  cache.setLive(true);
  return cache;
};

describe('read cache (docs/decisions/021)', () => {
  it('lets callers that miss the same key together share one read, and keeps its answer', async () => {
    const cache = liveCache();
    const { started, load } = reads<{ version: number }>();

    const answers = Promise.all(Array.from({ length: 32 }, () => cache.fill('key', load)));
    expect(started).toHaveLength(1);
    started[0]!.finish({ version: 1 });

    expect(await answers).toEqual(Array.from({ length: 32 }, () => ({ version: 1 })));
    expect(cache.get('key')).toEqual({ version: 1 });
  });

  it('reads again for a caller arriving after a change, and keeps only the read that began after it', async () => {
    const cache = liveCache();
    const { started, load } = reads<{ version: number }>();

    const before = cache.fill('key', load);
    cache.forget(['key']);
    const after = cache.fill('key', load);
    expect(started).toHaveLength(2);
    started[1]!.finish({ version: 2 });
    started[0]!.finish({ version: 1 });

    expect(await before).toEqual({ version: 1 });
    expect(await after).toEqual({ version: 2 });
    expect(cache.get('key')).toEqual({ version: 2 });
  });

  it('shares no read while it does not hear the changes: one may have gone unheard since it began', async () => {
    const cache = createReadCache<string, { version: number }>({ max: 10 });
    const { started, load } = reads<{ version: number }>();

    const first = cache.fill('key', load);
    const second = cache.fill('key', load);
    expect(started).toHaveLength(2);
    for (const read of started) read.finish({ version: 1 });

    expect([await first, await second]).toEqual([{ version: 1 }, { version: 1 }]);
  });

  it('hands a failed read to everyone who shared it, and the next miss reads again', async () => {
    const cache = liveCache();
    let calls = 0;
    const failing = async (): Promise<{ version: number } | null> => {
      calls++;
      throw new Error('connection lost');
    };

    const shared = await Promise.allSettled([cache.fill('key', failing), cache.fill('key', failing)]);
    expect(shared.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);

    expect(await cache.fill('key', async () => ({ version: 3 }))).toEqual({ version: 3 });
    expect(cache.get('key')).toEqual({ version: 3 });
  });
});
