import {
  addMonthsClamped,
  BillStatus,
  billAttemptKey,
  billedRtusAtMonthStart,
  billedToOf,
  billMention,
  billMentionFirst,
  billPeriodKey,
  GRACE_DAYS,
  graceEndOf,
  monthsPerCycle,
  overageFigureCents,
  pricePerCycleCents,
  productLabel,
  purchaseAttemptKey,
  unbilledOverRtus,
} from '@store/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { organizations, pricingPlans, subscriptions } from '../db/schema';
import { createSandboxGateway } from '../gateway/sandbox-gateway';
import type { Clock } from '../lib/clock';
import { type BillWithLine, createBillsWithLines, recordPaidAttempts } from '../modules/bills';
import type { DemoOrganizations } from './organizations';
import type { DemoSubscriptions } from './subscriptions';

const DAY_MS = 86_400_000;

/**
 * A year of bills for 'Demo Documents Inc.', derived from its subscriptions so that dates
 * and amounts agree with what the Subscriptions screen shows: each paid period of each billed
 * subscription back to a year ago (the first one its purchase), one renewal paid late after a
 * decline, one overage bill, and one bill left unpaid for a seat that was deactivated for it.
 * Two bulk inserts, then the paid card bills charged through the demo's sandbox.
 */
export async function seedBillingHistory(
  db: DbOrTx,
  clock: Clock,
  orgs: DemoOrganizations,
  _subs: DemoSubscriptions,
): Promise<void> {
  const now = clock.now();
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgs.demoId));
  if (!org) return;
  const billedTo = billedToOf(org);
  const rows = await db
    .select({ sub: subscriptions, plan: pricingPlans })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.pricingPlanId))
    .where(
      and(
        eq(subscriptions.organizationId, org.id),
        eq(subscriptions.isPerpetualLicense, false),
        inArray(subscriptions.billingMode, [1, 2, 3]),
      ),
    );

  const made: BillWithLine[] = [];
  const paid = (billingDate: Date, minutes = 3) => new Date(billingDate.getTime() + minutes * 60_000);
  for (const { sub, plan } of rows) {
    const months = monthsPerCycle(sub.billingMode);
    const amount = pricePerCycleCents({
      plan,
      numberMachines: sub.numberMachines,
      xtraAutoTags: sub.xtraAutoTags,
      billingMode: sub.billingMode,
      cycleDiscountBp: sub.billingModeDiscountBp,
      orgDiscountBp: org.discountBp,
    });
    const list = pricePerCycleCents({
      plan,
      numberMachines: sub.numberMachines,
      xtraAutoTags: sub.xtraAutoTags,
      billingMode: sub.billingMode,
      cycleDiscountBp: 0,
      orgDiscountBp: 0,
    });
    const periods: Date[] = [];
    for (let k = 0; ; k++) {
      const start = addMonthsClamped(sub.currentPeriodStart, -k * months, sub.anchorDay);
      if (start < yearAgo && k > 0) break;
      periods.unshift(start);
      if (start < yearAgo) break;
    }
    periods.forEach((start, i) => {
      const end = addMonthsClamped(start, months, sub.anchorDay);
      const first = i === 0;
      made.push({
        organizationId: org.id,
        kind: first ? 'purchase' : 'renewal',
        status: BillStatus.ChargePaid,
        totalCents: amount,
        billingDate: start,
        dueDate: first ? null : graceEndOf(start),
        paidAt: paid(start),
        periodKey: first ? null : billPeriodKey('renewal', sub.id, start),
        attempts: 1,
        billedTo,
        line: {
          subscriptionId: sub.id,
          description: sub.description,
          productName: productLabel(plan.product),
          planName: plan.planName,
          billingMode: sub.billingMode,
          periodStart: start,
          periodEnd: end,
          listCents: list,
          discountCents: list - amount,
          amountCents: amount,
        },
      });
    });
  }

  // One renewal declined, past due for four days, paid on the retry after the card was updated.
  const lateCandidate = made
    .filter((o) => o.kind === 'renewal' && o.billingDate < new Date(now.getTime() - 60 * DAY_MS))
    .sort((a, b) => b.billingDate.getTime() - a.billingDate.getTime())[0];
  if (lateCandidate) {
    lateCandidate.paidAt = new Date(lateCandidate.billingDate.getTime() + 4 * DAY_MS + 3_600_000);
    lateCandidate.attempts = 3;
  }

  // One month of overage on the Flex subscription (the newest month that has ended).
  const flex = rows.find(
    (r) => r.plan.baseRtus > 0 && r.plan.overagePerRtuMicros > 0 && r.sub.nextOverageBillingDate,
  );
  if (flex) {
    const end = addMonthsClamped(flex.sub.nextOverageBillingDate!, -1, flex.sub.anchorDay);
    const start = addMonthsClamped(end, -1, flex.sub.anchorDay);
    // A month that used 1,250 RTUs beyond the base its fee paid for, billed by the one rule (docs/design.md §3).
    const allowance = { annualUsageReset: flex.sub.annualUsageReset, baseRtus: flex.plan.baseRtus };
    const month = {
      ...allowance,
      accruedRtusThisMonth: flex.plan.baseRtus + 1_250,
      billedRtusThisMonth: billedRtusAtMonthStart(allowance),
    };
    const rtus = unbilledOverRtus(month);
    const cents = overageFigureCents({
      ...month,
      overagePerRtuMicros: flex.plan.overagePerRtuMicros,
      overageChargesPaidThisMonthCents: 0,
    });
    made.push({
      organizationId: org.id,
      kind: 'overage',
      status: BillStatus.ChargePaid,
      totalCents: cents,
      billingDate: end,
      dueDate: graceEndOf(end),
      paidAt: paid(end),
      periodKey: billPeriodKey('overage', flex.sub.id, start),
      attempts: 1,
      billedTo,
      line: {
        subscriptionId: flex.sub.id,
        description: `${flex.sub.description}: overage, ${rtus.toLocaleString('en-US')} RTUs over the allowance`,
        productName: productLabel(flex.plan.product),
        planName: flex.plan.planName,
        billingMode: flex.sub.billingMode,
        periodStart: start,
        periodEnd: end,
        listCents: cents,
        discountCents: 0,
        amountCents: cents,
      },
    });
  }

  // A designer seat the organization no longer has: its renewal was never paid and it was
  // deactivated 14 days later (so it names its plan, not a subscription of today's list).
  const unpaidDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 7, 9, 15, 0, 0));
  made.push({
    organizationId: org.id,
    kind: 'renewal',
    status: BillStatus.UnPaid,
    totalCents: 37_05,
    billingDate: unpaidDate,
    dueDate: graceEndOf(unpaidDate),
    paidAt: null,
    periodKey: null,
    attempts: 7,
    failureMessage: 'card_declined: Your card was declined.',
    billedTo,
    line: {
      subscriptionId: null,
      description: `Designer seat (deactivated: not paid within ${GRACE_DAYS} days)`,
      productName: 'Artist',
      planName: 'Artist Solo',
      billingMode: 1,
      periodStart: unpaidDate,
      periodEnd: addMonthsClamped(unpaidDate, 1),
      listCents: 39_00,
      discountCents: 1_95,
      amountCents: 37_05,
    },
  });

  const ids = (await createBillsWithLines(db, made)).map((b) => b.id);
  await chargeHistory(db, made, ids, org.gatewayCustomerId ?? 'cus_sandbox_demo');
}

/**
 * The paid card bills of the history were charged through the demo's gateway (the sandbox), so the
 * operator's reconcile finds the gateway and the bills in agreement from the first start.
 */
async function chargeHistory(db: DbOrTx, made: BillWithLine[], ids: number[], customerId: string) {
  const gateway = createSandboxGateway(db);
  const attempts = [];
  for (const [i, bill] of made.entries()) {
    if (bill.status !== BillStatus.ChargePaid || bill.totalCents === 0) continue;
    const orderId = ids[i]!;
    const gatewayKey =
      bill.kind === 'purchase' ? purchaseAttemptKey(orderId) : billAttemptKey(orderId, bill.attempts ?? 1);
    const charged = await gateway.charge({
      customerId,
      paymentMethodId: 'pm_card_visa',
      amountCents: bill.totalCents,
      idempotencyKey: gatewayKey,
      // Named as the store's own charges name a bill: before it is paid it has no invoice number.
      description: billMentionFirst({ orderId }),
    });
    if (charged.status !== 'succeeded')
      throw new Error(`The demo's sandbox refused ${billMention({ orderId })}.`);
    attempts.push({
      orderId,
      gatewayKey,
      amountCents: bill.totalCents,
      createdAt: bill.paidAt ?? bill.billingDate,
      gatewayChargeId: charged.chargeId,
    });
  }
  await recordPaidAttempts(db, attempts);
}
