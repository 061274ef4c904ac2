import { type BillNaming, BillStatus, billMention } from './bill-status';
import { billingCycle } from './billing-cycle';
import { addDays } from './dates';

/**
 * docs/spec.md §1, §9 and docs/design.md §3, §5: a bill not paid within 14 days of its date is UnPaid and its
 * subscriptions stop; an offline license file lasts 14 days past the end of its paid period. The
 * one grace of the product: every due date and offline expiry is derived from it.
 */
export const GRACE_DAYS = 14;

/** The day a bill dated `billingDate` must be paid by (also an offline license file's expiry after its period). */
export const graceEndOf = (date: Date): Date => addDays(date, GRACE_DAYS);

/**
 * The due date of a new bill: an invoice is due its organization's payment terms after its date
 * (docs/decisions/030); a scheduled card bill waits up to the grace for its money; a checkout or
 * editor card charge (purchase, proration) is paid or refused at once and has none.
 */
export const dueDateOf = (bill: {
  kind: string;
  status: number;
  billingDate: Date;
  paymentTermsDays: number;
}): Date | null => {
  if (OPEN_INVOICE_STATUSES.includes(bill.status)) return addDays(bill.billingDate, bill.paymentTermsDays);
  return bill.kind === 'renewal' || bill.kind === 'overage' ? graceEndOf(bill.billingDate) : null;
};

/** Bills still expecting money (spec §4 flags). */
export const OUTSTANDING_BILL_STATUSES: readonly number[] = [
  BillStatus.ChargePending,
  BillStatus.ChargePastDue,
  BillStatus.OfflineInvoice,
  BillStatus.OfflinePending,
  BillStatus.OfflinePastDue,
];
/**
 * Bills written off as uncollectible while their grace still runs (docs/decisions/029): never charged
 * again, but their subscriptions end when the grace does, as an unpaid bill's would; the billing
 * engine then moves them to UnPaidUncollectible.
 */
export const WRITTEN_OFF_IN_GRACE_STATUSES: readonly number[] = [
  BillStatus.ChargeUncollectible,
  BillStatus.OfflineUncollectible,
];
/** Bills written off as uncollectible, in their grace or past it. */
export const UNCOLLECTIBLE_BILL_STATUSES: readonly number[] = [
  ...WRITTEN_OFF_IN_GRACE_STATUSES,
  BillStatus.UnPaidUncollectible,
];
/**
 * Bills whose grace decides their subscriptions' fate: outstanding ones and those written off within
 * it. A subscription with one due by its renewal date waits for it (paid: it renews; given up: it ends).
 */
export const GRACE_BOUND_BILL_STATUSES: readonly number[] = [
  ...OUTSTANDING_BILL_STATUSES,
  ...WRITTEN_OFF_IN_GRACE_STATUSES,
];
/**
 * Bills still owed: outstanding, or past their grace (UnPaid). Their periods are not paid for. A
 * written-off bill is no longer counted among what the store expects to collect; a void one is owed
 * by no one.
 */
export const UNPAID_BILL_STATUSES: readonly number[] = [...OUTSTANDING_BILL_STATUSES, BillStatus.UnPaid];
/**
 * Bills whose periods are not paid for: the unpaid ones and those written off (uncollectible stays
 * unpaid in the books). Enable Offline waits for them and an offline license's paid periods end there.
 */
export const UNPAID_PERIOD_BILL_STATUSES: readonly number[] = [
  ...UNPAID_BILL_STATUSES,
  ...UNCOLLECTIBLE_BILL_STATUSES,
];
/** Bills given up at the end of their grace: their subscriptions were deactivated for them. */
export const GIVEN_UP_BILL_STATUSES: readonly number[] = [BillStatus.UnPaid, BillStatus.UnPaidUncollectible];

/**
 * docs/design.md §3, §5: an offline license file lasts to the end of the last paid period + the grace.
 * `unpaidPeriodStart` is the start of the oldest period whose bill is not paid (null when every one
 * is): the paid periods end there, not at nextBaseBillingDate, which moves when a renewal is billed.
 * A perpetual license's file (and one of a subscription that is never billed) does not expire.
 */
export const offlineLicenseExpiry = (s: {
  isPerpetualLicense: boolean;
  nextBaseBillingDate: Date | null;
  unpaidPeriodStart: Date | null;
}): Date | null => {
  const paidUntil = s.unpaidPeriodStart ?? s.nextBaseBillingDate;
  return s.isPerpetualLicense || !paidUntil ? null : graceEndOf(paidUntil);
};

/** Card bills whose (next) charge attempt the billing engine makes. */
export const CHARGEABLE_BILL_STATUSES: readonly number[] = [
  BillStatus.ChargePending,
  BillStatus.ChargePastDue,
];
/** Open offline invoices, paid when the operator records the payment. */
export const OPEN_INVOICE_STATUSES: readonly number[] = [
  BillStatus.OfflineInvoice,
  BillStatus.OfflinePending,
  BillStatus.OfflinePastDue,
];

/**
 * The status a new bill starts in (docs/design.md §3): invoice-billed organizations get an offline
 * invoice, others a pending card charge; a bill of nothing (a 100 % discount, or an amount carried
 * away) is paid as it is made.
 */
export const initialBillStatus = (bill: { amountCents: number; billedByInvoice: boolean }): BillStatus => {
  if (bill.amountCents <= 0) return bill.billedByInvoice ? BillStatus.OfflinePaid : BillStatus.ChargePaid;
  return bill.billedByInvoice ? BillStatus.OfflineInvoice : BillStatus.ChargePending;
};

/**
 * Stripe refuses charges under $0.50 (`amount_too_small`). Such an amount is not charged: it is
 * carried to the subscription's next bill, or written off when there is none (docs/design.md §3).
 */
export const GATEWAY_MINIMUM_CHARGE_CENTS = 50;

export type SmallAmountOutcome = 'charge' | 'carry' | 'writeOff';

/**
 * What becomes of a scheduled card bill (docs/design.md §3): an amount the gateway would refuse (more than
 * nothing, under its minimum) is carried to the subscription's next bill while the subscription goes
 * on, and written off once it has ended; anything else is charged (or invoiced) as usual. Invoices
 * are paid offline, so the gateway's minimum does not apply to them.
 */
export const smallAmountOutcome = (bill: {
  amountCents: number;
  billedByInvoice: boolean;
  subscriptionActive: boolean;
}): SmallAmountOutcome => {
  if (bill.billedByInvoice || bill.amountCents <= 0 || bill.amountCents >= GATEWAY_MINIMUM_CHARGE_CENTS) {
    return 'charge';
  }
  return bill.subscriptionActive ? 'carry' : 'writeOff';
};

/**
 * The status of a small bill waiting to be carried (the bare Pending flag: no payment channel, as no
 * money moves on it) and of one carried or written off (the bare Paid flag). Neither is outstanding
 * or chargeable, so it never blocks the subscription nor Enable Offline.
 */
export const CARRY_PENDING_STATUS = BillStatus.Pending;
export const CARRIED_STATUS = BillStatus.Paid;

/** The line a carried amount makes on the bill that takes it. */
export const carriedLineDescription = (bill: BillNaming): string => `Carried from ${billMention(bill)}`;
/** Appended to the line of a small bill written off (its subscription ended before a next bill). */
export const WRITTEN_OFF_NOTE =
  ' (written off: under the minimum card charge, and the subscription has ended)';

export type ScheduledBillKind = 'renewal' | 'overage';

/** Makes a scheduled bill unique per subscription and period: it is created exactly once. */
export const billPeriodKey = (kind: ScheduledBillKind, subscriptionId: number, periodStart: Date): string =>
  `${kind}:${subscriptionId}:${periodStart.toISOString()}`;

/** The gateway key of attempt n of a scheduled bill: each attempt its own key, derived from the bill. */
export const billAttemptKey = (orderId: number, attempt: number): string =>
  `bill-${orderId}-attempt-${attempt}`;

/**
 * A checkout or editor charge left pending is settled within a day (docs/design.md §3): past this age, a
 * charge the gateway still cannot tell us about is given up on the not-charged path, and the
 * operator is alerted to reconcile it by hand.
 */
export const SETTLE_WITHIN_MS = 24 * 60 * 60 * 1000;

/** The gateway key of a checkout's single charge. */
export const purchaseAttemptKey = (orderId: number): string => `order-${orderId}`;

/**
 * The gateway key of an editor change's prorated charge. One bill per save: the save claims the
 * subscription's version before charging, so a repeated save of that version is refused, never charged.
 */
export const prorationAttemptKey = (orderId: number): string => `proration-${orderId}`;

/** The cycle name of a bill line ('' for none or an unknown mode), for the history and the invoice. */
export const cycleNameOf = (mode: number | null): string => {
  if (mode === null) return '';
  try {
    return billingCycle(mode).cycleName;
  } catch {
    return '';
  }
};
