import type { Clock } from '../../../apps/server/src/lib/clock';

/**
 * Where the store's clock stands: at real instant `realAt` (ms since the epoch) it read `storeAt`,
 * and it runs `speed` times faster than real time from there. Every process of the simulation holds
 * the same state, so all of them read the same time without asking one another.
 */
export interface ClockState {
  storeAt: number;
  realAt: number;
}

/**
 * The year's mock clock. The simulation moves it a day at a time; within a day it runs fast, so
 * that leases and the gateway's pace (both in the clock's time) play out in a fraction of a real
 * second. Waits asked of it (`sleepOn`) take the real time they stand for.
 */
export class SimulationClock implements Clock {
  constructor(
    readonly speed: number,
    private state: ClockState,
  ) {}

  now(): Date {
    return new Date(this.state.storeAt + (Date.now() - this.state.realAt) * this.speed);
  }

  /** Moves the clock to `storeAt` from now on. */
  setTo(storeAt: number): ClockState {
    this.state = { storeAt, realAt: Date.now() };
    return this.state;
  }

  follow(state: ClockState): void {
    this.state = state;
  }

  current(): ClockState {
    return this.state;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms / this.speed));
  }
}
