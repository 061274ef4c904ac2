import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscriber, withBillingEngine } from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { startBillingScheduler } from './scheduler';

// Shutdown (docs/design.md §4): stopping the scheduler ends a run after its current pass, not after
// the whole cycle, so the server exits within its 10 s.

let t: TestApp;
const clock = new ManualClock('2026-01-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('stopping the billing scheduler', () => {
  it('ends a run that has many periods to catch up after the pass in progress', async () => {
    await makeSubscriber(
      t.db,
      { name: 'Catch-up Co' },
      { plan: 'Pro Standard', description: 'Monthly for a year', purchasedAt: '2026-01-01T12:00:00Z' },
    );
    clock.advanceDays(365); // twelve monthly renewals to catch up, one per pass
    let stop: Promise<void> | null = null;
    const gateway = t.gateway;
    const scheduler = startBillingScheduler(
      withBillingEngine({
        db: t.db,
        clock,
        gateway: {
          ...gateway,
          charge: async (input) => {
            // The first charge happens in the first pass: shutdown begins there.
            stop ??= scheduler.stop();
            return gateway.charge(input);
          },
        },
      }),
      { intervalSeconds: 0 },
    );
    const counts = await scheduler.tick();
    await stop;
    expect(counts?.passes).toBe(1);
    expect(counts?.renewed).toBeGreaterThanOrEqual(1);
  });
});
