// Bill status bit flags (docs/spec.md section 4): a payment channel (Charge, Offline, Other) combined
// with a state (Invoice, Pending, Paid, PastDue).
export const BillStatus = {
  Invoice: 1,
  Pending: 2,
  Paid: 4,
  PastDue: 8,
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
};

export const billStatusText = (status: number): string => STATUS_TEXT[status] ?? UNKNOWN;

export const isBillPaid = (status: number): boolean =>
  status === BillStatus.Paid || status === BillStatus.ChargePaid || status === BillStatus.OfflinePaid;

/**
 * What a Billing History row says the bill is for: its subscription's name, or "several" when it
 * covers more than one (a purchase of several items); "—" for a bill of no subscription.
 */
export const billSubscriptionsText = (names: readonly string[] = []): string =>
  names.length === 0 ? '—' : names.length === 1 ? names[0]! : 'several';
