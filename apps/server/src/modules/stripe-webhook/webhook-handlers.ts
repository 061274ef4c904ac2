import { billMention } from '@store/core';
import type Stripe from 'stripe';
import type { BillingDeps, BillingEngine } from '../billing';
import { updateCardOnFile } from '../billing-info';
import type { DisputesService } from '../disputes';
import { recordGatewayMadeRefunds } from '../refunds';

// What each of Stripe's events does (decision 018). Every handler is idempotent: an event delivered
// again before its first handling finished does no harm. Answers a line for the event's record.

export type WebhookDeps = BillingDeps & {
  billing: Pick<BillingEngine, 'settleChargeByEvent'>;
  operatorAlertEmail?: string;
  disputes: Pick<DisputesService, 'billOfPaymentIntent' | 'record' | 'updateStatus'>;
};

const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe's seconds since the epoch; 0 or none (a bank that allows no answer) is no date. */
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

async function paymentIntentEvent(deps: WebhookDeps, intent: Stripe.PaymentIntent, succeeded: boolean) {
  const key = intent.metadata?.idempotencyKey;
  if (!key) return 'not a charge of this store (no idempotencyKey in its metadata)';
  const call = { logger: deps.logger };
  if (succeeded)
    return deps.billing.settleChargeByEvent(key, { outcome: 'succeeded', chargeId: intent.id }, call);
  const error = intent.last_payment_error;
  return deps.billing.settleChargeByEvent(
    key,
    {
      outcome: 'declined',
      code: error?.decline_code ?? error?.code ?? 'card_declined',
      message: error?.message ?? 'Your card was declined.',
    },
    call,
  );
}

async function disputeCreated(deps: WebhookDeps, dispute: Stripe.Dispute) {
  const { recorded, bill } = await deps.disputes.record({
    id: dispute.id,
    chargeId: idOf(dispute.charge) ?? '',
    paymentIntentId: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: dateOf(dispute.evidence_details?.due_by),
    openedAt: dateOf(dispute.created),
  });
  if (!recorded) return 'dispute recorded before';
  if (!deps.operatorAlertEmail) {
    deps.logger?.error(
      { disputeId: dispute.id, orderId: bill?.orderId ?? null },
      'operator alert: a charge was disputed (set OPERATOR_ALERT_EMAIL to be mailed)',
    );
  }
  return `dispute recorded${bill ? ` beside ${billMention(bill)}` : ' (no bill of ours)'}`;
}

async function chargeRefunded(deps: WebhookDeps, charge: Stripe.Charge) {
  // A refund made in Stripe's dashboard becomes a refund with its credit note (decision 016); one the
  // store made itself is recorded already and is known by its id or key.
  const paymentIntentId = idOf(charge.payment_intent);
  const bill = await deps.disputes.billOfPaymentIntent(paymentIntentId);
  const made = await refundsOf(deps, charge, paymentIntentId);
  if (!bill || !made) {
    deps.logger?.warn(
      {
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        refundedCents: charge.amount_refunded,
      },
      'operator alert: a refund was made in the Stripe dashboard that names no bill of ours or no refund',
    );
    return `refund of ${charge.amount_refunded} cents not recorded (${bill ? 'no refunds listed' : 'no bill of ours'})`;
  }
  return recordGatewayMadeRefunds(deps, bill.orderId, made);
}

/**
 * The charge's refunds: as the event lists them, or, for accounts on API versions that no longer
 * expand `refunds` in the event (2022-11-15 and later), as the gateway lists them.
 */
async function refundsOf(deps: WebhookDeps, charge: Stripe.Charge, paymentIntentId: string | null) {
  const listed = charge.refunds?.data;
  if (listed) {
    return listed.map((r) => ({
      id: r.id,
      amountCents: r.amount,
      status: r.status ?? '',
      idempotencyKey: r.metadata?.idempotencyKey ?? null,
    }));
  }
  if (!paymentIntentId) return null;
  const atGateway = await deps.gateway.listRefunds(paymentIntentId);
  return atGateway.map((r) => ({ ...r, id: r.refundId }));
}

async function paymentMethodUpdated(deps: WebhookDeps, method: Stripe.PaymentMethod) {
  if (!method.card) return 'not a card';
  const changed = await updateCardOnFile(deps.db, method.id, {
    brand: method.card.brand,
    lastFour: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  });
  return `card on file updated for ${changed} organization(s)`;
}

export async function handleStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentIntentEvent(deps, event.data.object, true);
    case 'payment_intent.payment_failed':
      return paymentIntentEvent(deps, event.data.object, false);
    case 'charge.refunded':
      return chargeRefunded(deps, event.data.object);
    case 'charge.dispute.created':
      return disputeCreated(deps, event.data.object);
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const due = dispute.evidence_details ? dateOf(dispute.evidence_details.due_by) : undefined;
      return (await deps.disputes.updateStatus(dispute.id, dispute.status, due))
        ? `dispute ${dispute.status}`
        : 'a dispute not recorded here';
    }
    case 'payment_method.updated':
    case 'payment_method.automatically_updated':
      return paymentMethodUpdated(deps, event.data.object);
    default:
      return 'not handled';
  }
}
