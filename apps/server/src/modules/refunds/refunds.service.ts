import { createHash } from 'node:crypto';
import {
  type BillNaming,
  BillStatus,
  billedToOf,
  billMention,
  billMentionFirst,
  billStatusText,
  disputeStatusText,
  fromCents,
  isBillPaid,
  type Refund,
  type RefundAnswer,
  RefundMessages,
  type RefundRequest,
  refundableCents,
  toCents,
} from '@store/core';
import type { Db, DbOrTx } from '../../db/client';
import type { RefundRow } from '../../db/schema';
import type { PaymentGateway, RefundResult } from '../../gateway/payment-gateway';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, DomainError, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { findBill, lockBillRow, paidChargeOfBill } from '../bills';
import { disputeOfBill } from '../disputes';
import { billCoversRunningPeriod, endRefundedSubscriptions } from '../subscriptions';
import { recordEvent } from '../webhooks';
import {
  creditNotesOf as creditNotesOfOrganization,
  findByRequestKey,
  findCreditNote,
  finishRefund,
  insertRefund,
  organizationOf,
  refundedCentsOf,
  refundsOfBill,
} from './refunds.repository';

export interface RefundDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
}

export const toRefundDto = (r: RefundRow): Refund => ({
  refundId: r.id,
  orderId: r.orderId,
  amount: fromCents(r.amountCents),
  reason: r.reason,
  status: r.status as Refund['status'],
  offlineMethod: r.offlineMethod,
  endSubscription: r.endSubscription,
  creditNoteNumber: r.creditNoteNumber,
  failureMessage: r.failureMessage,
  createdAt: r.createdAt.toISOString(),
  refundedAt: r.refundedAt ? r.refundedAt.toISOString() : null,
});

/**
 * A refund that succeeded has its credit note: announced to the organization's webhooks
 * (docs/design.md §5a) as the refunds route answers it, its credit note number with it.
 */
export async function announceCreditNote(tx: DbOrTx, refund: RefundRow, at: Date): Promise<void> {
  if (refund.status !== 'succeeded' || !refund.creditNoteNumber) return;
  await recordEvent(tx, refund.organizationId, 'credit_note.issued', toRefundDto(refund), { at });
}

const hashOf = (request: RefundRequest) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** The sentence the console shows after the request (the refund's state in words). */
function describe(r: RefundRow, bill: BillNaming, ended: number[]): string {
  const money = `$${fromCents(r.amountCents).toFixed(2)}`;
  const endedText = ended.length > 0 ? ` Subscription ${ended.join(', ')} ended.` : '';
  if (r.status === 'succeeded') {
    return `Refunded ${money} of ${billMention(bill)}${r.offlineMethod ? ` (${r.offlineMethod})` : ''}; credit note ${r.creditNoteNumber} issued.${endedText}`;
  }
  if (r.status === 'failed') return `The gateway refused the refund of ${money}: ${r.failureMessage}`;
  return `The refund of ${money} is on its way at the gateway; its credit note is issued when it completes.`;
}

/**
 * Refunds a paid bill, fully or in part (docs/design.md §3, docs/decisions/016). In one transaction the
 * bill is locked (so two refunds of it never both pass the over-refund check) and the refund row
 * written; the gateway is called after it commits with the row's own key; the outcome is written in
 * a second transaction. A bill paid by invoice is refunded outside the gateway and recorded at once.
 * A retried request (the same Idempotency-Key) answers with its first refund, finishing it if its
 * gateway call was cut short: the gateway refunds once.
 */
export async function refundBill(
  deps: RefundDeps,
  input: {
    orderId: number;
    request: RefundRequest;
    requestKey: string | null;
    operatorPersonId: number | null;
  },
): Promise<RefundAnswer> {
  const { db, clock } = deps;
  const { orderId, request } = input;
  const amountCents = toCents(request.amount);
  const hash = hashOf(request);
  const created = await db.transaction(async (tx) => {
    const bill = await lockBillRow(tx, orderId);
    if (!bill) throw notFound(RefundMessages.noSuchBill(orderId));
    const named: BillNaming = { orderId, invoiceNumber: bill.invoiceNumber };
    if (input.requestKey) {
      const earlier = await findByRequestKey(tx, orderId, input.requestKey);
      if (earlier) {
        if (earlier.requestHash !== hash) throw conflict(RefundMessages.keyReused);
        return { refund: earlier, named, ended: [] as number[] };
      }
    }
    if (!isBillPaid(bill.status))
      throw badRequest(RefundMessages.notPaid(named, billStatusText(bill.status)));
    const dispute = await disputeOfBill(tx, orderId);
    if (dispute)
      throw conflict(RefundMessages.disputed(named, dispute.id, disputeStatusText(dispute.status)));
    const refunded = await refundedCentsOf(tx, orderId);
    if (amountCents > refundableCents(bill.totalCents, refunded)) {
      throw badRequest(RefundMessages.overRefund(amountCents, named, bill.totalCents, refunded));
    }
    const byInvoice = bill.status === BillStatus.OfflinePaid;
    if (byInvoice && !request.offlineMethod) throw badRequest(RefundMessages.offlineMethodRequired(named));
    if (!byInvoice && request.offlineMethod) throw badRequest(RefundMessages.offlineMethodForCard(named));
    const now = clock.now();
    if (request.endSubscription) {
      const full = refunded + amountCents === bill.totalCents;
      if (!full || !(await billCoversRunningPeriod(tx, orderId, now))) {
        throw badRequest(RefundMessages.endNeedsFullRefund);
      }
    }
    const org = await organizationOf(tx, bill.organizationId);
    const refund = await insertRefund(tx, {
      orderId,
      organizationId: bill.organizationId,
      amountCents,
      reason: request.reason,
      offlineMethod: request.offlineMethod || null,
      endSubscription: Boolean(request.endSubscription),
      status: byInvoice ? 'succeeded' : 'started',
      refundedAt: byInvoice ? now : null,
      requestKey: input.requestKey,
      requestHash: hash,
      operatorPersonId: input.operatorPersonId,
      billedTo: billedToOf(org!),
      createdAt: now,
    });
    // Money leaving the store is in the log with the operator who asked (docs/decisions/017).
    await recordAudit(tx, 'refund.created', { after: refund, bill: named });
    await announceCreditNote(tx, refund, now);
    const ended = byInvoice && refund.endSubscription ? await endRefundedSubscriptions(tx, orderId, now) : [];
    return { refund, named, ended };
  });
  const { named } = created;
  const { refund, ended } =
    created.refund.status === 'started' ? await refundAtGateway(deps, created.refund, named) : created;
  return {
    refund: toRefundDto(refund),
    message: describe(refund, named, ended),
    endedSubscriptionIds: ended,
  };
}

/**
 * Asks the gateway for the money back under the refund's own key, or, when `lookFirst`, asks first
 * whether it already did (a key Stripe no longer remembers must not refund twice). An exception
 * leaves the refund open for the settle job.
 */
export async function refundAtGateway(
  deps: RefundDeps,
  refund: RefundRow,
  bill: BillNaming,
  opts: { lookFirst?: boolean } = {},
): Promise<{ refund: RefundRow; ended: number[] }> {
  const chargeId = await paidChargeOfBill(deps.db, refund.orderId);
  let result: RefundResult;
  if (!chargeId) {
    result = {
      status: 'failed',
      code: 'no_charge',
      message: `${billMentionFirst(bill)} has no card charge to refund.`,
    };
  } else {
    try {
      result =
        (opts.lookFirst ? await deps.gateway.findRefund(refund.gatewayKey!, chargeId) : null) ??
        (await deps.gateway.refund({
          chargeId,
          amountCents: refund.amountCents,
          idempotencyKey: refund.gatewayKey!,
        }));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      return { refund, ended: [] };
    }
  }
  return applyRefundResult(deps, refund, bill, result);
}

/** Writes what the gateway answered; a refund that succeeded takes its credit note number here. */
async function applyRefundResult(
  deps: RefundDeps,
  refund: RefundRow,
  bill: BillNaming,
  result: RefundResult,
) {
  if (result.status === 'pending' && refund.status === 'pending') return { refund, ended: [] };
  return deps.db.transaction(async (tx: DbOrTx) => {
    const now = deps.clock.now();
    const finished = await finishRefund(
      tx,
      refund.id,
      result.status === 'failed'
        ? { status: 'failed', failureMessage: result.message }
        : {
            status: result.status,
            gatewayRefundId: result.refundId,
            refundedAt: result.status === 'succeeded' ? now : null,
          },
    );
    if (!finished) return { refund, ended: [] };
    await recordAudit(tx, 'refund.updated', { before: refund, after: finished, bill });
    await announceCreditNote(tx, finished, now);
    const ended =
      finished.status === 'succeeded' && finished.endSubscription
        ? await endRefundedSubscriptions(tx, finished.orderId, now)
        : [];
    return { refund: finished, ended };
  });
}

/** A bill's refunds as the operator's API shows them (the bill detail's `refunds`, this module's shape). */
export async function listRefundsOfBill(db: DbOrTx, orderId: number): Promise<Refund[]> {
  return (await refundsOfBill(db, orderId)).map(toRefundDto);
}

/** What the operator's refunds and a customer's credit notes ask of refunds. */
export function createRefundsService(deps: RefundDeps) {
  return {
    refundBill: (input: Parameters<typeof refundBill>[1]) => refundBill(deps, input),
    listRefundsOfBill: (orderId: number) => listRefundsOfBill(deps.db, orderId),
    /** An organization's own credit note, with the invoice number of the bill it refunds; null if none. */
    async creditNote(organizationId: number, number: string) {
      const refund = await findCreditNote(deps.db, organizationId, number);
      if (!refund) return null;
      const bill = await findBill(deps.db, refund.orderId);
      return { refund, invoiceNumber: bill?.invoiceNumber ?? null };
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;

/** An organization's credit notes, each a row of its Billing History (docs/design.md §3). */
export const creditNotesOf = (db: DbOrTx, organizationId: number) =>
  creditNotesOfOrganization(db, organizationId);
