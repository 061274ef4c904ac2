import { BillStatus, billStatusText, formatUsd, SETTLE_WITHIN_MS } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { GatewayCharge, PaymentGateway } from '../../gateway/payment-gateway';
import { openDisputes } from '../disputes';
import { refundDifferences } from '../refunds';
import { chargeAttempts, paidCardBills } from './reconcile.repository';

/**
 * How long an attempt may stay 'started' before it is a fault: the engine's charge lease, its
 * backoff after transient failures and the settle job's give-up time of a waiting customer's charge
 * (15 minutes), with room for one tick. A charge the gateway is still processing (its PaymentIntent
 * id is known) is asked about for a day (SETTLE_WITHIN_MS) before it is given up.
 */
export const STARTED_ATTEMPT_LIMIT_MS = 30 * 60_000;

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The gateway's record of charges against the bills (docs/design.md §3): every succeeded charge ↔
 * exactly one paid bill of the same amount and organization; no paid card bill without a charge;
 * no attempt left 'started' past its lease; every card refund as the gateway recorded it, none left
 * open (docs/decisions/016); every dispute not closed yet (decision 018). Returns one readable line
 * per difference.
 */
export async function reconcile(
  db: DbOrTx,
  gateway: PaymentGateway,
  opts: { since: Date | null; now: Date },
): Promise<string[]> {
  const differences: string[] = [];
  const charges = await gateway.listCharges(opts.since);
  const attempts = await chargeAttempts(db);
  const byKey = new Map(attempts.map((a) => [a.gateway_key, a]));
  const chargedBills = new Map<number, GatewayCharge[]>();

  for (const charge of charges.filter((c) => c.status === 'succeeded')) {
    const money = `${charge.chargeId} (${formatUsd(charge.amountCents)})`;
    const attempt = charge.idempotencyKey ? byKey.get(charge.idempotencyKey) : undefined;
    if (!attempt) {
      differences.push(`Charge ${money} with key ${charge.idempotencyKey ?? '(none)'} has no bill.`);
      continue;
    }
    const bill = `bill #${attempt.order_id}`;
    chargedBills.set(attempt.order_id, [...(chargedBills.get(attempt.order_id) ?? []), charge]);
    if (Number(attempt.order_status) !== BillStatus.ChargePaid) {
      differences.push(
        `Charge ${money} took money but ${bill} is '${billStatusText(Number(attempt.order_status))}' (${attempt.order_status}).`,
      );
    }
    if (Number(attempt.total_cents) !== charge.amountCents) {
      differences.push(
        `Charge ${money} does not match the total of ${bill} (${formatUsd(Number(attempt.total_cents))}).`,
      );
    }
    if (
      charge.customerId &&
      attempt.gateway_customer_id &&
      charge.customerId !== attempt.gateway_customer_id
    ) {
      differences.push(
        `Charge ${money} is of customer ${charge.customerId}, not of the organization of ${bill}.`,
      );
    }
  }
  for (const [orderId, list] of chargedBills) {
    if (list.length > 1) {
      differences.push(
        `Bill #${orderId} was charged ${list.length} times: ${list.map((c) => c.chargeId).join(', ')}.`,
      );
    }
  }

  const paid = await paidCardBills(db, opts.since);
  for (const bill of paid) {
    if (!chargedBills.has(Number(bill.id))) {
      differences.push(
        `Bill #${bill.id} is paid (${formatUsd(Number(bill.total_cents))}) but the gateway has no charge for it.`,
      );
    }
  }

  for (const a of attempts) {
    const limit = opts.now.getTime() - (a.gateway_charge_id ? SETTLE_WITHIN_MS : STARTED_ATTEMPT_LIMIT_MS);
    if (a.status === 'started' && date(a.created_at).getTime() < limit) {
      differences.push(
        `Attempt ${a.gateway_key} of bill #${a.order_id} is still 'started' since ${date(a.created_at).toISOString()}.`,
      );
    }
  }
  differences.push(...(await refundDifferences(db, gateway, opts.now)));
  for (const d of await openDisputes(db)) {
    const bill = d.order_id === null ? 'a charge of no bill of ours' : `bill #${d.order_id}`;
    differences.push(
      `Dispute ${d.id} on ${bill} (${formatUsd(Number(d.amount_cents))}, ${d.reason}) is '${d.status}': answer it in Stripe's dashboard.`,
    );
  }
  return differences;
}
