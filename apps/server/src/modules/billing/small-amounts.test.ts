import { BillingMode, BillStatus, billStatusText, overageAllowanceRtus } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { billLinesOf } from '../../../test/support/bills';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { updateSubscription } from '../subscriptions/subscriptions.repository';
import type { BillingDeps } from './billing-engine';

// docs/design.md §3: an amount under the gateway's minimum charge is never sent to the gateway; it is
// carried to the subscription's next bill, or written off once the subscription has ended.

let t: TestApp;
let deps: BillingDeps;
const clock = new ManualClock('2026-03-01T12:00:00Z');

const billsOf = (subscriptionId: number) => billLinesOf(t.db, subscriptionId);

/** 4 RTUs over Flex 2,500's allowance at 8 cents each: a 32-cent overage. */
async function useOver(subscriptionId: number) {
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const allowance = overageAllowanceRtus({ annualUsageReset: false, baseRtus: 2_500 });
  await updateSubscription(t.db, subscriptionId, {
    accruedRtusThisMonth: sub!.billedRtusThisMonth + allowance + 4,
  });
}

async function runDaysTo(day: string) {
  while (clock.now() < new Date(day)) {
    await runBillingCycle(deps);
    clock.advanceDays(1);
  }
  await runBillingCycle(deps);
}

describe('an amount under the minimum charge', () => {
  let going: number;
  let ended: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    deps = { db: t.db, clock, gateway: t.gateway };
    const org = await makeOrganization(t.db, { name: 'Small Change Ltd.' });
    const plan = await planId(t.db, 'Flex 2,500');
    const base = {
      organizationId: org.id,
      pricingPlanId: plan,
      purchasedAt: '2026-03-01T10:00:00Z',
      maxAdditionalMonthlyChargeCents: 100_00,
    };
    going = (
      await makeSubscription(t.db, { ...base, description: 'Going', billingMode: BillingMode.Quarterly })
    ).id;
    const e = await makeSubscription(t.db, {
      ...base,
      description: 'Ending',
      billingMode: BillingMode.Monthly,
    });
    ended = e.id;
    // Cancelled: it ends when its first period does, so it has no next bill.
    await updateSubscription(t.db, ended, { deactivateDate: e.nextBaseBillingDate });
    await useOver(going);
    await useOver(ended);
  });

  afterAll(async () => {
    await t.close();
  });

  it('is not charged: the next renewal carries it as a line naming its bill, and the total is charged once', async () => {
    await runDaysTo('2026-04-02T12:00:00Z');
    const [overage] = await billsOf(going);
    expect(overage).toMatchObject({ kind: 'overage', totalCents: 32, status: BillStatus.Pending });
    expect(billStatusText(overage!.status)).toBe('Pending');

    await runDaysTo('2026-06-02T12:00:00Z');
    const bills = await billsOf(going);
    const renewal = bills.filter((b) => b.kind === 'renewal');
    expect(renewal.map((b) => b.description)).toEqual(['Going', `Carried from order ${overage!.id}`]);
    expect(renewal[1]!.amountCents).toBe(32);
    expect(renewal[0]!.totalCents).toBe(renewal[0]!.amountCents + 32);
    expect(renewal[0]!.status).toBe(BillStatus.ChargePaid);
    expect(bills.find((b) => b.id === overage!.id)!.status).toBe(BillStatus.Paid);

    const charges = await t.gateway.listCharges(null);
    expect(charges.filter((c) => c.amountCents < 50)).toEqual([]);
    expect(charges.filter((c) => c.amountCents === renewal[0]!.totalCents)).toHaveLength(1);
  });

  it('is written off when the subscription has ended before a next bill', async () => {
    const [overage, ...rest] = await billsOf(ended);
    expect(rest).toEqual([]);
    expect(overage).toMatchObject({ kind: 'overage', totalCents: 32, status: BillStatus.Paid });
    expect(overage!.description).toContain('written off');
  });
});
