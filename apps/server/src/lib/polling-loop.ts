// The loop of a background sender (the outbox's mail, customers' webhooks): passes one after
// another while each finds work, a pause of `pollMs` when one finds none. Passes never overlap, so
// a pass a test or an operator asks for waits for the loop's. A failed pass is logged and the loop
// goes on: the work stays in the database for the next pass.

export interface PollingLoop {
  /** One pass now (after the one in progress); answers how much it claimed. */
  pass(): Promise<number>;
  /** Passes until one claims nothing (tests; the operator's flush). */
  drain(): Promise<void>;
  /** Ends the loop after its current pass; resolves when that pass has finished. */
  stop(): Promise<void>;
}

export function startPollingLoop(
  runPass: () => Promise<number>,
  options: {
    /** Pause between passes that found nothing; 0: no loop, a caller drives `pass`. */
    pollMs: number;
    onError: (error: unknown) => void;
  },
): PollingLoop & { readonly stopped: boolean } {
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);
  let wake: (() => void) | null = null;

  const pass = () => {
    current = current.then(runPass, runPass);
    return current;
  };

  async function loop() {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await pass();
      } catch (error) {
        options.onError(error);
      }
      if (stopped) break;
      if (claimed === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  const looping = options.pollMs > 0 ? loop() : Promise.resolve();
  return {
    get stopped() {
      return stopped;
    },
    pass,
    async drain() {
      while ((await pass()) > 0) {}
    },
    async stop() {
      stopped = true;
      wake?.();
      await looping;
      await current.catch(() => 0);
    },
  };
}
