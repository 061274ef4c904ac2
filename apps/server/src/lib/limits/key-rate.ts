/** A sustained rate and a reserve for bursts, each counted in fixed windows (milliseconds). */
export interface KeyRateOptions {
  rate: number;
  rateMs: number;
  burst: number;
  burstMs: number;
}

interface Windows {
  rateStart: number;
  rateUsed: number;
  burstStart: number;
  burstUsed: number;
}

/**
 * The license keys' limit (docs/decisions/013), in this process's memory: `rate` calls a window of
 * `rateMs`, and once those are spent a reserve of `burst` more a window of `burstMs`, whose window
 * starts when its first call is taken. A call over both is refused until the sooner window ends.
 *
 * These are the semantics of rate-limiter-flexible's BurstyRateLimiter over two memory limiters, which
 * this limit was before; on every engine call that pair answered through three promises, a result
 * object and a timer per key and window (one firing for every active key every second): an eighth of
 * a validation's time. Here a call is one Map lookup and a few additions, answered at once. Windows
 * that have ended are swept as calls arrive, at most once a burst window, so no timer is left to stop.
 */
export class KeyRateLimit {
  private readonly windows = new Map<string, Windows>();
  private nextSweep: number;

  constructor(
    private readonly options: KeyRateOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + options.burstMs;
  }

  /** Counts a call of `key`: 0 when it is within the limit, else the milliseconds until one would be. */
  take(key: string): number {
    const { rate, rateMs, burst, burstMs } = this.options;
    const at = this.now();
    if (at >= this.nextSweep) this.sweep(at);
    let w = this.windows.get(key);
    if (w === undefined) {
      w = { rateStart: at, rateUsed: 0, burstStart: Number.NEGATIVE_INFINITY, burstUsed: 0 };
      this.windows.set(key, w);
    } else if (at - w.rateStart >= rateMs) {
      w.rateStart = at;
      w.rateUsed = 0;
    }
    if (++w.rateUsed <= rate) return 0;
    if (at - w.burstStart >= burstMs) {
      w.burstStart = at;
      w.burstUsed = 0;
    }
    if (++w.burstUsed <= burst) return 0;
    return Math.min(w.rateStart + rateMs, w.burstStart + burstMs) - at;
  }

  /** How many keys have a window open (for tests: ended windows are not kept). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(at: number): void {
    const { rateMs, burstMs } = this.options;
    for (const [key, w] of this.windows) {
      if (at - w.rateStart >= rateMs && at - w.burstStart >= burstMs) this.windows.delete(key);
    }
    this.nextSweep = at + burstMs;
  }
}
