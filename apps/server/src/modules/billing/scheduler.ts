import type { Db } from '../../db/client';
import { type Clock, OffsetClock } from '../../lib/clock';
import { readSetting, writeSetting } from '../../lib/settings';
import type { BillingCycleCounts, BillingDeps, BillingEngine } from './billing-engine';
import { sendBillingNotices } from './billing-notices';

/** The demo clock's offset (demo mode only): one settings row every process reads. */
const DEMO_CLOCK = 'demoClock';

/** Reads the demo clock's offset (the operator's `clock advance`) from the settings table. */
export const readDemoClockOffset = async (db: Db): Promise<number> =>
  Number((await readSetting<{ offsetMs?: number } | null>(db, DEMO_CLOCK))?.offsetMs ?? 0);

/** The operator's `clock advance` in demo mode: the settings row every process's demo clock reads. */
export const writeDemoClockOffset = (db: Db, offsetMs: number): Promise<void> =>
  writeSetting(db, DEMO_CLOCK, { offsetMs });

export interface BillingScheduler {
  /** Runs one tick now (also what the timer does); resolves when it is done. */
  tick(): Promise<BillingCycleCounts | null>;
  /** Stops the timer; a tick in progress ends after its current pass, and is waited for. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  intervalSeconds: number;
}

/**
 * Scheduled billing inside each server process, every BILLING_INTERVAL_SECONDS. Several processes
 * may run it at once: the work is claimed in PostgreSQL (bill-batches.repository.ts, subscription-periods.repository.ts), so each period is
 * billed once. Each tick first reloads the demo clock's offset, so a clock the operator advanced
 * reaches every running server within one interval.
 */
export function startBillingScheduler(
  deps: BillingDeps & { engine: Pick<BillingEngine, 'runRecorded' | 'settlePendingCharges'> },
  options: SchedulerOptions,
): BillingScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<BillingCycleCounts | null> | null = null;
  let stopped = false;
  // Shutdown aborts a run between passes (docs/design.md §4: exit within 10 s), not after a whole cycle.
  const stopping = new AbortController();

  const runOnce = async (): Promise<BillingCycleCounts | null> => {
    try {
      if (deps.clock instanceof OffsetClock) deps.clock.offsetMs = await readDemoClockOffset(deps.db);
      await deps.engine.settlePendingCharges();
      if (stopping.signal.aborted) return null;
      const { counts } = await deps.engine.runRecorded('schedule', { signal: stopping.signal });
      if (counts.passes > 1) deps.logger?.info({ billing: counts }, 'billing cycle');
      const notices = await sendBillingNotices(deps);
      if (Object.values(notices).some((n) => n > 0)) deps.logger?.info({ notices }, 'billing notices');
      return counts;
    } catch (error) {
      deps.logger?.error({ err: error }, 'billing cycle failed; retrying next interval');
      return null;
    }
  };

  const tick = () => {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped || options.intervalSeconds <= 0) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, options.intervalSeconds * 1000);
    timer.unref();
  };

  if (options.intervalSeconds > 0) {
    // The first tick soon after start, so a restarted server catches up at once.
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, 1000);
    timer.unref();
  }

  return {
    tick,
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** The clock type a scheduler can refresh; exported for runtime wiring. */
export type { Clock };
