import {
  BillStatus,
  billedToOf,
  DEFAULT_PAYMENT_TERMS_DAYS,
  dueDateOf,
  initialBillStatus,
  productLabel,
  prorationAttemptKey,
  type SubscriptionChangeQuote,
  SubscriptionMessages,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { NewSubscription, OrderRow, PlanRow } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import type { BillingLogger } from '../bills';
import {
  announceBills,
  chargeCard,
  createBillsWithLines,
  type FinalOutcome,
  openCardBill,
  settleCardBill,
  settlePendingCardBills,
} from '../bills';
import { changeSubscription } from './subscription-audit';
import * as repo from './subscriptions.repository';

// An editor change's prorated charge (docs/design.md §3), settled like a checkout: (1) the bill, its
// attempt and the claim of the subscription's version in one transaction; (2) the card, no lock
// held; (3) paid and the terms applied, or refused and nothing changed. A charge whose answer was
// lost is settled by settlePendingProrations, once.

export type ProrationDeps = Pick<AppDeps, 'db' | 'clock' | 'gateway'> & { logger?: BillingLogger };

/** What a proration bill stores, so the settle job can apply the change after a crash. */
interface StoredChange {
  subscriptionId: number;
  /** The version the save claimed; a refused charge gives it back. */
  claimedVersion: number;
  terms: Partial<NewSubscription>;
}

export interface ProrationCharge {
  orderId: number;
  key: string;
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
}

/**
 * Step (1) of a change that applies now. Invoice-billed organizations get an invoice with the usual
 * grace and the change at once; an amount under the gateway's minimum is applied without a charge;
 * otherwise the bill waits for the card and the version is claimed.
 */
export async function billProration(
  tx: Tx,
  input: {
    record: repo.SubscriptionRecord;
    plan: PlanRow;
    terms: Partial<NewSubscription> & { version: number };
    quote: SubscriptionChangeQuote;
    description: string;
    now: Date;
  },
): Promise<{ chargedCents: number; orderId: number | null; pending: false } | ProrationCharge> {
  const { record, plan, quote, now } = input;
  const s = record.subscription;
  const terms = {
    ...input.terms,
    pendingPricingPlanId: null,
    pendingXtraAutoTags: null,
    pendingNumberMachines: null,
  };
  const amount = quote.prorationCents;
  const byInvoice = record.owner.billedByInvoice;
  if (amount === 0 || (!byInvoice && !quote.chargeNow)) {
    await changeSubscription(tx, s.id, terms, s);
    return { chargedCents: 0, orderId: null, pending: false };
  }
  if (!byInvoice && (!record.owner.paymentMethodId || !record.owner.gatewayCustomerId)) {
    throw new DomainError('NO_PAYMENT_METHOD', SubscriptionMessages.noPaymentMethod);
  }
  const org = await repo.findOrganization(tx, s.organizationId);
  const status = initialBillStatus({ amountCents: amount, billedByInvoice: byInvoice });
  const stored: StoredChange = { subscriptionId: s.id, claimedVersion: terms.version, terms };
  const bill = {
    organizationId: s.organizationId,
    kind: 'proration',
    status,
    totalCents: amount,
    billingDate: now,
    dueDate: dueDateOf({
      kind: 'proration',
      status,
      billingDate: now,
      paymentTermsDays: org?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    }),
    request: stored,
    billedTo: org ? billedToOf(org) : null,
  };
  const line = {
    subscriptionId: s.id,
    description: input.description,
    productName: productLabel(plan.product),
    planName: plan.planName,
    billingMode: s.billingMode,
    periodStart: now,
    periodEnd: s.nextBaseBillingDate,
    listCents: amount,
    discountCents: 0,
    amountCents: amount,
  };
  if (byInvoice) {
    const [issued] = await createBillsWithLines(tx, [{ ...bill, line }]);
    const invoiceId = issued!.id;
    // Named in the log by the invoice number the insert gave it, as the console names it.
    await recordAudit(tx, 'bill.created', { after: { ...bill, ...issued } });
    await announceBills(tx, 'bill.issued', [{ id: invoiceId, organizationId: s.organizationId }]);
    await changeSubscription(tx, s.id, terms, s);
    return { chargedCents: amount, orderId: invoiceId, pending: false };
  }
  const { order, key } = (await openCardBill(tx, bill, [line], prorationAttemptKey))!;
  // The claim: a second save of the version read is stale from here on, so it is never charged.
  await repo.updateSubscription(tx, s.id, { version: terms.version });
  return {
    orderId: order.id,
    key,
    amountCents: amount,
    customerId: record.owner.gatewayCustomerId!,
    paymentMethodId: record.owner.paymentMethodId!,
    description: input.description,
  };
}

/** Steps (2) and (3): 402 with the card's message when declined, 502 when the processor did not answer. */
export async function chargeProration(deps: ProrationDeps, p: ProrationCharge) {
  const outcome = await chargeCard(deps, {
    customerId: p.customerId,
    paymentMethodId: p.paymentMethodId,
    amountCents: p.amountCents,
    idempotencyKey: p.key,
    description: p.description,
  });
  if (outcome.outcome === 'unknown') {
    throw new DomainError('GATEWAY_UNAVAILABLE', SubscriptionMessages.changeChargePending);
  }
  // The bank asks the customer first (docs/decisions/024): nothing applies until the browser says
  // the challenge has ended and the gateway says the charge was paid.
  if (outcome.outcome === 'requires_action') {
    return {
      chargedCents: 0,
      orderId: p.orderId,
      pending: false,
      authentication: { provider: deps.gateway.kind, clientSecret: outcome.clientSecret, orderId: p.orderId },
    };
  }
  const settled = await settleProration(deps, p.orderId, p.key, outcome);
  if (settled?.status !== BillStatus.ChargePaid) {
    const reason = outcome.outcome === 'declined' ? outcome.message : 'Your card was declined.';
    throw new DomainError('CARD_DECLINED', settled?.failureMessage ?? reason);
  }
  return { chargedCents: p.amountCents, orderId: p.orderId, pending: false };
}

export function settleProration(
  deps: ProrationDeps,
  orderId: number,
  key: string,
  outcome: FinalOutcome,
  attemptStatus: 'declined' | 'error' = 'declined',
): Promise<OrderRow | null> {
  return deps.db.transaction((tx) =>
    settleCardBill(
      tx,
      orderId,
      key,
      outcome,
      deps.clock.now(),
      {
        // The card was charged for exactly these terms: they apply, once.
        onPaid: async (order) => {
          const change = order.request as StoredChange;
          const current = await repo.lockSubscription(tx, change.subscriptionId);
          // The version was claimed when the change was billed; nothing else wrote it meanwhile.
          await changeSubscription(
            tx,
            change.subscriptionId,
            { ...change.terms, version: Math.max(current?.version ?? 0, change.claimedVersion) },
            current,
          );
        },
        // Nothing changed: the version claimed is given back, so the editor's values are still current.
        onRefused: async (order) => {
          const change = order.request as StoredChange;
          const current = await repo.lockSubscription(tx, change.subscriptionId);
          if (current?.version === change.claimedVersion) {
            await repo.updateSubscription(tx, change.subscriptionId, { version: change.claimedVersion - 1 });
          }
        },
      },
      attemptStatus,
    ),
  );
}

/**
 * Editor charges whose answer was lost (a timeout, a crash between the charge and step 3): charged
 * → the terms apply once; not charged → voided. Called by the billing scheduler every tick.
 */
export async function settlePendingProrations(
  deps: ProrationDeps,
): Promise<{ applied: number; voided: number }> {
  const { paid, voided } = await settlePendingCardBills(
    deps,
    'proration',
    prorationAttemptKey,
    (order, key, found) => settleProration(deps, order.id, key, found.outcome, found.attemptStatus),
  );
  return { applied: paid, voided };
}
