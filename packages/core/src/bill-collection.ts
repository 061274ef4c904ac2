import { CHARGEABLE_BILL_STATUSES, OPEN_INVOICE_STATUSES } from './bill-rules';
import { BillStatus, billStatusText, isBillPaid, isBillUncollectible, isBillVoid } from './bill-status';
import { OpsBillMessages } from './ops/messages';

// What the operator may do to collect a bill (docs/decisions/029): charge the card again now, record
// a payment received outside the card processor, void it, or write it off as uncollectible. One rule
// for the console's buttons and the server's refusals, so a button is shown exactly where the server
// would accept it.

export const BILL_ACTIONS = ['retry', 'recordPayment', 'void', 'writeOff'] as const;
export type BillAction = (typeof BILL_ACTIONS)[number];

/** What the rule reads of a bill, its charge attempts and its organization's card. */
export interface CollectionFacts {
  orderId: number;
  /** The refusals name the bill by it once it is issued (core's billMention). */
  invoiceNumber: string | null;
  status: number;
  kind: string;
  /** The last decline; with UnPaid on a checkout or editor charge it marks a refused charge. */
  failureMessage: string | null;
  /** Charge attempts made so far (a card bill given up after its grace has at least one). */
  attempts: number;
  /** An attempt still open ('started'): a charge is in progress at the card processor. */
  chargeInFlight: boolean;
  cardOnFile: boolean;
  /** The organization's name, as the refusals say it. */
  customer: string;
}

const SCHEDULED = ['renewal', 'overage'];
const CHECKOUT = ['purchase', 'proration'];

/** Whether the bill is charged to a card, and not paid by invoice; one given up tells by its attempts. */
export const isCardBill = (f: Pick<CollectionFacts, 'status' | 'attempts'>): boolean =>
  (f.status & BillStatus.Charge) !== 0 ||
  ((f.status === BillStatus.UnPaid || f.status === BillStatus.UnPaidUncollectible) && f.attempts > 0);

/** Still waiting for money (in its grace or past it, or written off): what the operator can collect. */
const owed = (f: CollectionFacts): boolean =>
  OPEN_INVOICE_STATUSES.includes(f.status) ||
  f.status === BillStatus.UnPaid ||
  isBillUncollectible(f.status) ||
  (CHARGEABLE_BILL_STATUSES.includes(f.status) && SCHEDULED.includes(f.kind));

/** Why the operator may not do `action` to this bill, in the console's words; null when they may. */
export function collectionRefusal(action: BillAction, f: CollectionFacts): string | null {
  if (isBillPaid(f.status)) return OpsBillMessages.alreadyPaid(f);
  if (isBillVoid(f.status)) return OpsBillMessages.isVoid(f);
  if (CHECKOUT.includes(f.kind) && f.status === BillStatus.UnPaid && f.failureMessage !== null)
    return OpsBillMessages.refusedCharge(f);
  if (CHECKOUT.includes(f.kind) && f.status === BillStatus.ChargePending)
    return OpsBillMessages.chargeWithCustomer(f);
  if (!owed(f)) return OpsBillMessages.notOwed(f, billStatusText(f.status));
  if (f.chargeInFlight) return OpsBillMessages.chargeInFlight(f);
  if (action === 'writeOff' && isBillUncollectible(f.status)) return OpsBillMessages.alreadyWrittenOff(f);
  if (action === 'retry') {
    if (isBillUncollectible(f.status)) return OpsBillMessages.writtenOffNotCharged(f);
    if (!isCardBill(f) || !SCHEDULED.includes(f.kind)) return OpsBillMessages.notByCard(f);
    if (!f.cardOnFile) return OpsBillMessages.noCard(f.customer);
  }
  return null;
}

/** Which of the operator's collection actions apply to the bill. */
export const collectionActions = (f: CollectionFacts): Record<BillAction, boolean> => ({
  retry: collectionRefusal('retry', f) === null,
  recordPayment: collectionRefusal('recordPayment', f) === null,
  void: collectionRefusal('void', f) === null,
  writeOff: collectionRefusal('writeOff', f) === null,
});

/**
 * The status a bill takes when voided or written off: the state's flag on the bill's channel; one
 * given up after its grace (UnPaid, channel Other) keeps Other, as UnPaid does.
 */
export function closedBillStatus(status: number, to: 'void' | 'writeOff'): BillStatus {
  const state = to === 'void' ? BillStatus.Void : BillStatus.Uncollectible;
  const channel =
    status === BillStatus.UnPaid || status === BillStatus.UnPaidUncollectible
      ? BillStatus.Other
      : status & (BillStatus.Charge | BillStatus.Offline);
  return (channel | state) as BillStatus;
}

/**
 * A decline as the card processor's answer is recorded ('code: message') in words for the operator:
 * the message, then the code that names it at the processor ("Your card has insufficient funds.
 * (insufficient_funds)").
 */
export function declineReasonText(recorded: string): string {
  const parts = /^([a-z_]+): (.*)$/s.exec(recorded);
  return parts ? `${parts[2]} (${parts[1]})` : recorded;
}
