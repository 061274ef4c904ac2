import { monthsPerCycle } from '@store/core';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import { orderLines, orders, paymentAttempts } from '../../src/db/schema';
import { createBillsWithLines } from '../../src/modules/bills';

// Test fixtures of bills as the store leaves them: one line (a subscription's period, or none), at a
// known date and amount, with the charge attempts the gateway answered. Through the bills module's own
// insert for the bill; the attempts are written as its charging records them.

export interface BillFixture {
  organizationId: number;
  subscriptionId: number | null;
  kind: 'purchase' | 'renewal' | 'overage' | 'proration';
  status: number;
  totalCents: number;
  billingDate: Date | string;
  dueDate?: Date | string | null;
  paidAt?: Date | string | null;
  /** The cycle the line bills (a purchase or renewal); its period runs from the bill's date. */
  billingMode?: number;
  description?: string;
  /** Why its charge failed (a refused checkout's is what makes it void). */
  failureMessage?: string;
  /** The charge attempts, oldest first: each declined or succeeded at its time. */
  attempts?: Array<{ at: Date | string; status: 'declined' | 'succeeded' }>;
}

const when = (d: Date | string) => new Date(d);

/** A bill with its line and attempts; its id. */
export async function makeBill(db: DbOrTx, bill: BillFixture): Promise<number> {
  const start = when(bill.billingDate);
  const end = new Date(start);
  if (bill.billingMode) end.setUTCMonth(end.getUTCMonth() + monthsPerCycle(bill.billingMode));
  const [made] = await createBillsWithLines(db, [
    {
      organizationId: bill.organizationId,
      kind: bill.kind,
      status: bill.status,
      totalCents: bill.totalCents,
      billingDate: start,
      dueDate: bill.dueDate ? when(bill.dueDate) : null,
      paidAt: bill.paidAt ? when(bill.paidAt) : null,
      attempts: bill.attempts?.length ?? 0,
      failureMessage: bill.failureMessage ?? null,
      line: {
        subscriptionId: bill.subscriptionId,
        description: bill.description ?? `${bill.kind} of ${start.toISOString().slice(0, 10)}`,
        billingMode: bill.billingMode ?? null,
        periodStart: start,
        periodEnd: bill.billingMode ? end : null,
        listCents: bill.totalCents,
        discountCents: 0,
        amountCents: bill.totalCents,
      },
    },
  ]);
  const orderId = made!.id;
  for (const [i, a] of (bill.attempts ?? []).entries()) {
    await db.insert(paymentAttempts).values({
      orderId,
      gatewayKey: `fixture-${orderId}-${i + 1}`,
      amountCents: bill.totalCents,
      status: a.status,
      gatewayChargeId: a.status === 'succeeded' ? `pi_fixture_${orderId}_${i + 1}` : null,
      message: a.status === 'declined' ? 'card_declined: Your card was declined.' : null,
      createdAt: when(a.at),
    });
  }
  return orderId;
}

/** Every line that bills a subscription, with its bill: oldest bill first, a bill's lines in order. */
export function billLinesOf(db: DbOrTx, subscriptionId: number) {
  return db
    .select({
      id: orders.id,
      kind: orders.kind,
      status: orders.status,
      totalCents: orders.totalCents,
      billingDate: orders.billingDate,
      attempts: orders.attempts,
      periodStart: orderLines.periodStart,
      periodEnd: orderLines.periodEnd,
      description: orderLines.description,
      amountCents: orderLines.amountCents,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orderLines.subscriptionId, subscriptionId))
    .orderBy(asc(orders.billingDate), asc(orders.id), asc(orderLines.id));
}
