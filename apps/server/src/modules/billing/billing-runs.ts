import { type BillingRun, type BillingRunTrigger, OpsMessages } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { billingRuns } from '../../db/schema';
import { recordAudit } from '../audit';
import type { BillingCycleCounts, BillingDeps } from '../bills';
import { latestRuns, recordRun } from './billing-runs.repository';

// The record of billing runs (the console's Billing runs screen, docs/decisions/015): the only
// writer of billing_runs. A run the operator starts is always recorded; a scheduled tick (every
// minute) only when it did something or failed, so the list shows work rather than idle ticks.

const RUNS_LISTED = 100;

const didSomething = (c: BillingCycleCounts) =>
  c.ended + c.unpaid + c.renewed + c.overageBilled + c.invoiced + c.chargeAttempts + c.recovered > 0;

type RunRow = typeof billingRuns.$inferSelect;

export const toBillingRunDto = (r: RunRow): BillingRun => ({
  runId: r.id,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  trigger: r.trigger as BillingRunTrigger,
  renewed: r.renewed,
  charged: r.charged,
  declined: r.declined,
  deactivated: r.deactivated,
  invoiced: r.invoiced,
  error: r.error,
});

/**
 * Runs the billing cycle and records it: charged counts paid charges, declined the declines,
 * deactivated the subscriptions deactivated for unpaid bills.
 */
export async function runRecordedBillingCycle(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  runCycle: () => Promise<BillingCycleCounts>,
  trigger: BillingRunTrigger,
): Promise<{ counts: BillingCycleCounts; run: BillingRun | null }> {
  const startedAt = deps.clock.now();
  try {
    const counts = await runCycle();
    if (trigger === 'schedule' && !didSomething(counts)) return { counts, run: null };
    const row = await recordRun(deps.db, {
      trigger,
      startedAt,
      finishedAt: deps.clock.now(),
      renewed: counts.renewed,
      charged: counts.paid,
      declined: counts.declined,
      // Subscriptions deactivated for an unpaid bill; a cancellation reaching its date is the customer's end, not a deactivation.
      deactivated: counts.deactivated,
      invoiced: counts.invoiced,
    });
    // The engine logs a run that did work; one the operator started is logged even when it found nothing.
    if (!didSomething(counts))
      await recordAudit(deps.db, 'billing-run', {
        organizationId: null,
        subject: OpsMessages.idleRun,
        after: { ...counts },
      });
    return { counts, run: toBillingRunDto(row!) };
  } catch (error) {
    await recordRun(deps.db, {
      trigger,
      startedAt,
      finishedAt: deps.clock.now(),
      error: String((error as Error)?.message ?? error),
    }).catch(() => undefined);
    throw error;
  }
}

/** The latest runs, newest first. */
export async function listBillingRuns(db: DbOrTx): Promise<BillingRun[]> {
  return (await latestRuns(db, RUNS_LISTED)).map(toBillingRunDto);
}
