// Bill status bit flags (docs/spec.md section 4): a payment channel (Charge, Offline, Other) combined
// with a state (Invoice, Pending, Paid, PastDue). Void and Uncollectible are the store's own states
// (docs/decisions/029): a bill the operator cancelled, and one written off as a bad debt. One given up
// after its grace has lost its channel, as UnPaid has, and takes Other's.
export const BillStatus = {
  Invoice: 1,
  Pending: 2,
  Paid: 4,
  PastDue: 8,
  Void: 16,
  Uncollectible: 32,
  Charge: 256,
  Offline: 512,
  Other: 1024,
  ChargePending: 258,
  ChargePaid: 260,
  ChargePastDue: 264,
  OfflineInvoice: 513,
  OfflinePending: 514,
  OfflinePaid: 516,
  OfflinePastDue: 520,
  UnPaid: 1028,
  ChargeVoid: 272,
  OfflineVoid: 528,
  UnPaidVoid: 1040,
  ChargeUncollectible: 288,
  OfflineUncollectible: 544,
  UnPaidUncollectible: 1056,
} as const;
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus];

const UNKNOWN = 'Unknown (contact support)';

// The texts are the spec's, including 'Ofline' and PastDue (8) reading 'Paid'.
const STATUS_TEXT: Record<number, string> = {
  [BillStatus.Charge]: 'Credit Card',
  [BillStatus.Offline]: 'Ofline',
  [BillStatus.Other]: UNKNOWN,
  [BillStatus.Invoice]: 'Invoiced',
  [BillStatus.OfflineInvoice]: 'Invoiced',
  [BillStatus.Pending]: 'Pending',
  [BillStatus.ChargePending]: 'Pending',
  [BillStatus.OfflinePending]: 'Pending',
  [BillStatus.Paid]: 'Paid',
  [BillStatus.PastDue]: 'Paid',
  [BillStatus.ChargePaid]: 'Paid',
  [BillStatus.OfflinePaid]: 'Paid',
  [BillStatus.ChargePastDue]: 'Past Due',
  [BillStatus.OfflinePastDue]: 'Past Due',
  [BillStatus.UnPaid]: 'Un-Paid',
  [BillStatus.Void]: 'Void',
  [BillStatus.ChargeVoid]: 'Void',
  [BillStatus.OfflineVoid]: 'Void',
  [BillStatus.UnPaidVoid]: 'Void',
  [BillStatus.Uncollectible]: 'Uncollectible',
  [BillStatus.ChargeUncollectible]: 'Uncollectible',
  [BillStatus.OfflineUncollectible]: 'Uncollectible',
  [BillStatus.UnPaidUncollectible]: 'Uncollectible',
};

export const billStatusText = (status: number): string => STATUS_TEXT[status] ?? UNKNOWN;

export const isBillPaid = (status: number): boolean =>
  status === BillStatus.Paid || status === BillStatus.ChargePaid || status === BillStatus.OfflinePaid;

/** Cancelled by the operator: nothing is owed on it and it is never charged (docs/decisions/029). */
export const isBillVoid = (status: number): boolean =>
  status === BillStatus.ChargeVoid || status === BillStatus.OfflineVoid || status === BillStatus.UnPaidVoid;

/** Written off as a bad debt: still unpaid in the books, never charged or reminded again (docs/decisions/029). */
export const isBillUncollectible = (status: number): boolean =>
  status === BillStatus.ChargeUncollectible ||
  status === BillStatus.OfflineUncollectible ||
  status === BillStatus.UnPaidUncollectible;

/**
 * What a Billing History row says the bill is for: its subscription's name, or "several" when it
 * covers more than one (a purchase of several items); "—" for a bill of no subscription.
 */
export const billSubscriptionsText = (names: readonly string[] = []): string =>
  names.length === 0 ? '—' : names.length === 1 ? names[0]! : 'several';

/** Every status code whose label is this one (the Bills screen filters by label). */
export const billStatusesOf = (label: string): number[] =>
  Object.keys(STATUS_TEXT)
    .map(Number)
    .filter((code) => STATUS_TEXT[code] === label);

/** What names a bill: its order number and, once it is issued, its invoice number. */
export interface BillNaming {
  orderId: number;
  invoiceNumber?: string | null;
}

/**
 * A bill's one name on the console's and the customer's screens where the spec fixes no other text:
 * its invoice number, taken when it is issued (docs/decisions/016); before that, its order number.
 */
export const billName = (bill: BillNaming): string => bill.invoiceNumber ?? `Order ${bill.orderId}`;

/**
 * The same name inside a sentence of a message, mail, audit entry or log line: "bill 2026-000042",
 * or "order 139" before the bill is issued. Every text that names a bill says it this way, so a
 * customer's, an operator's and a script's words for one bill are the same.
 */
export const billMention = (bill: BillNaming): string =>
  bill.invoiceNumber == null ? `order ${bill.orderId}` : `bill ${bill.invoiceNumber}`;

/** `billMention` opening a sentence: "Bill 2026-000042 is paid.", "Order 139 is paid." */
export const billMentionFirst = (bill: BillNaming): string => {
  const said = billMention(bill);
  return said.charAt(0).toUpperCase() + said.slice(1);
};
