/**
 * Group commit for the engines' lease writes (docs/decisions/045): calls that arrive while earlier
 * ones are being written wait together and are written by one statement or transaction, so a busy
 * store pays one commit (one WAL flush) for many calls instead of one each. Nothing waits on a timer:
 * a call that finds a free slot is written at once, so a quiet store answers as fast as before; under
 * load, the calls that queue up behind the slots in use make the next batch. Every caller is answered
 * only once the write that carries its call has committed, with its own outcome.
 */
export interface WriteBatches<In, Out> {
  /** Queues one call and answers its own outcome once its batch is written. */
  submit(item: In): Promise<Out>;
}

/** One caller's outcome in a batch: its answer, or the error it alone gets (a refusal). */
export type Outcome<Out> = { ok: Out } | { error: unknown };

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export function createWriteBatches<In, Out>(opts: {
  /** Writes a batch; answers one outcome per item, in the items' order. */
  write(items: In[]): Promise<Outcome<Out>[]>;
  /** Batches written at the same time (each holds a pooled connection while it runs). */
  concurrency: number;
  /** The most calls one batch carries. */
  maxBatch: number;
  /**
   * Items that must not share a batch (two checkouts by one fingerprint of one license: the second
   * must see the first's lease) have the same key; the later one waits for the next batch.
   */
  keyOf?: (item: In) => string;
}): WriteBatches<In, Out> {
  let queue: Waiting<In, Out>[] = [];
  let running = 0;

  /** The next batch in arrival order; items whose key is already in it stay queued. */
  function take(): Waiting<In, Out>[] {
    if (!opts.keyOf) return queue.splice(0, opts.maxBatch);
    const batch: Waiting<In, Out>[] = [];
    const rest: Waiting<In, Out>[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = opts.keyOf(waiting.item);
      if (batch.length < opts.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  }

  async function run(batch: Waiting<In, Out>[]) {
    try {
      const outcomes = await opts.write(batch.map((w) => w.item));
      batch.forEach((waiting, i) => {
        const outcome = outcomes[i];
        if (outcome && 'ok' in outcome) waiting.resolve(outcome.ok);
        else waiting.reject(outcome ? outcome.error : new Error('a batched write answered no outcome'));
      });
    } catch (error) {
      // The batch did not commit: each of its callers gets the error, as a single write's caller would.
      for (const waiting of batch) waiting.reject(error);
    }
  }

  function pump() {
    while (running < opts.concurrency && queue.length > 0) {
      const batch = take();
      running++;
      void run(batch).finally(() => {
        running--;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
