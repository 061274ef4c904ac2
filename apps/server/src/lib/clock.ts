/** Injected everywhere time matters, so billing tests move time instead of waiting. */
export interface Clock {
  now(): Date;
  /** Waits (sign-in pacing); a manual clock moves instead. Without it, real time passes. */
  sleep?(ms: number): Promise<void>;
}

/** Waits on the clock's terms: a test's manual clock moves at once, any other waits for real. */
export function sleepOn(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  if (clock.sleep) return clock.sleep(ms);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move (tests, benchmarks). */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-15T12:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advanceDays(days: number): void {
    this.current += days * 86_400_000;
  }
  advanceMs(ms: number): void {
    this.current += ms;
  }
  /** Every wait asked of this clock, in order (tests assert on them). */
  readonly sleeps: number[] = [];
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.current += ms;
  }
}

/** The demo clock: real time plus an offset the operator can advance (docs/design.md §2). */
export class OffsetClock implements Clock {
  constructor(public offsetMs = 0) {}
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
