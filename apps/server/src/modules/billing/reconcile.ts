import {
  type BillNaming,
  BillStatus,
  billMention,
  billMentionFirst,
  billName,
  billStatusText,
  formatUsd,
  type ReconcileDifference,
  SETTLE_WITHIN_MS,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { GatewayCharge, PaymentGateway } from '../../gateway/payment-gateway';
import { openDisputes } from '../disputes';
import { refundDifferences } from '../refunds';
import { chargeAttempts, invoiceNumbersOf, paidCardBills } from './reconcile.repository';

/**
 * How long an attempt may stay 'started' before it is a fault: the engine's charge lease, its
 * backoff after transient failures and the settle job's give-up time of a waiting customer's charge
 * (15 minutes), with room for one tick. A charge the gateway is still processing (its PaymentIntent
 * id is known) is asked about for a day (SETTLE_WITHIN_MS) before it is given up.
 */
export const STARTED_ATTEMPT_LIMIT_MS = 30 * 60_000;

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** The differences' lines, as `npm run ops -- reconcile` prints them. */
export async function reconcile(
  db: DbOrTx,
  gateway: PaymentGateway,
  opts: { since: Date | null; now: Date },
): Promise<string[]> {
  return (await reconcileDifferences(db, gateway, opts)).map((d) => d.text);
}

/**
 * The gateway's record of charges against the bills (docs/design.md §3): every succeeded charge ↔
 * exactly one paid bill of the same amount and organization; no paid card bill without a charge;
 * no attempt left 'started' past its lease; every card refund as the gateway recorded it, none left
 * open (docs/decisions/016); every dispute not closed yet (decision 018). Returns one readable line
 * per difference with the bill it concerns, so the console links each to its bill.
 */
export async function reconcileDifferences(
  db: DbOrTx,
  gateway: PaymentGateway,
  opts: { since: Date | null; now: Date },
): Promise<ReconcileDifference[]> {
  const found: Array<{ text: string; orderId: number | null }> = [];
  const differ = (text: string, orderId: number | null) => found.push({ text, orderId });
  const charges = await gateway.listCharges(opts.since);
  const attempts = await chargeAttempts(db);
  const byKey = new Map(attempts.map((a) => [a.gateway_key, a]));
  const chargedBills = new Map<number, { named: BillNaming; charges: GatewayCharge[] }>();

  for (const charge of charges.filter((c) => c.status === 'succeeded')) {
    const money = `${charge.chargeId} (${formatUsd(charge.amountCents)})`;
    const attempt = charge.idempotencyKey ? byKey.get(charge.idempotencyKey) : undefined;
    if (!attempt) {
      differ(`Charge ${money} with key ${charge.idempotencyKey ?? '(none)'} has no bill.`, null);
      continue;
    }
    const named = { orderId: Number(attempt.order_id), invoiceNumber: attempt.invoice_number };
    const bill = billMention(named);
    const charged = chargedBills.get(named.orderId);
    chargedBills.set(named.orderId, { named, charges: [...(charged?.charges ?? []), charge] });
    if (Number(attempt.order_status) !== BillStatus.ChargePaid) {
      differ(
        `Charge ${money} took money but ${bill} is '${billStatusText(Number(attempt.order_status))}' (${attempt.order_status}).`,
        attempt.order_id,
      );
    }
    if (Number(attempt.total_cents) !== charge.amountCents) {
      differ(
        `Charge ${money} does not match the total of ${bill} (${formatUsd(Number(attempt.total_cents))}).`,
        attempt.order_id,
      );
    }
    if (
      charge.customerId &&
      attempt.gateway_customer_id &&
      charge.customerId !== attempt.gateway_customer_id
    ) {
      differ(
        `Charge ${money} is of customer ${charge.customerId}, not of the organization of ${bill}.`,
        attempt.order_id,
      );
    }
  }
  for (const [orderId, { named, charges: list }] of chargedBills) {
    if (list.length > 1) {
      differ(
        `${billMentionFirst(named)} was charged ${list.length} times: ${list.map((c) => c.chargeId).join(', ')}.`,
        orderId,
      );
    }
  }

  const paid = await paidCardBills(db, opts.since);
  for (const bill of paid) {
    if (!chargedBills.has(Number(bill.id))) {
      differ(
        `${billMentionFirst({ orderId: Number(bill.id), invoiceNumber: bill.invoice_number })} is paid (${formatUsd(Number(bill.total_cents))}) but the gateway has no charge for it.`,
        Number(bill.id),
      );
    }
  }

  for (const a of attempts) {
    const limit = opts.now.getTime() - (a.gateway_charge_id ? SETTLE_WITHIN_MS : STARTED_ATTEMPT_LIMIT_MS);
    if (a.status === 'started' && date(a.created_at).getTime() < limit) {
      differ(
        `Attempt ${a.gateway_key} of ${billMention({ orderId: Number(a.order_id), invoiceNumber: a.invoice_number })} is still 'started' since ${date(a.created_at).toISOString()}.`,
        a.order_id,
      );
    }
  }
  found.push(...(await refundDifferences(db, gateway, opts.now)));
  for (const d of await openDisputes(db)) {
    const bill =
      d.order_id === null
        ? 'a charge of no bill of ours'
        : billMention({ orderId: Number(d.order_id), invoiceNumber: d.invoice_number });
    differ(
      `Dispute ${d.id} on ${bill} (${formatUsd(Number(d.amount_cents))}, ${d.reason}) is '${d.status}': answer it in Stripe's dashboard.`,
      d.order_id === null ? null : Number(d.order_id),
    );
  }
  const ids = found.flatMap((d) => (d.orderId === null ? [] : [Number(d.orderId)]));
  const numbers = await invoiceNumbersOf(db, [...new Set(ids)]);
  return found.map(({ text, orderId }) => {
    const id = orderId === null ? null : Number(orderId);
    return {
      text,
      orderId: id,
      billName: id === null ? null : billName({ orderId: id, invoiceNumber: numbers.get(id) }),
    };
  });
}
