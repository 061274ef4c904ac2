import { describe, expect, it } from 'vitest';
import {
  type BillAction,
  type CollectionFacts,
  closedBillStatus,
  collectionActions,
  collectionRefusal,
  declineReasonText,
} from './bill-collection';
import { BillStatus, billStatusText } from './bill-status';
import { OpsBillMessages } from './ops/messages';

const facts = (over: Partial<CollectionFacts>): CollectionFacts => ({
  orderId: 40,
  invoiceNumber: null,
  status: BillStatus.ChargePastDue,
  kind: 'renewal',
  failureMessage: 'card_declined: Your card was declined.',
  attempts: 2,
  chargeInFlight: false,
  cardOnFile: true,
  customer: 'Acme',
  ...over,
});

const allowed = (f: CollectionFacts) =>
  (Object.entries(collectionActions(f)) as [BillAction, boolean][]).filter(([, ok]) => ok).map(([a]) => a);

describe('collectionActions', () => {
  it.each([
    ['a past-due card renewal', {}, ['retry', 'recordPayment', 'void', 'writeOff']],
    [
      'a card renewal never tried yet',
      { status: BillStatus.ChargePending, attempts: 0 },
      ['retry', 'recordPayment', 'void', 'writeOff'],
    ],
    [
      'a card renewal given up after its grace',
      { status: BillStatus.UnPaid },
      ['retry', 'recordPayment', 'void', 'writeOff'],
    ],
    [
      'an open invoice',
      { status: BillStatus.OfflineInvoice, attempts: 0, failureMessage: null },
      ['recordPayment', 'void', 'writeOff'],
    ],
    [
      'an invoice past due',
      { status: BillStatus.OfflinePastDue, attempts: 0, failureMessage: null },
      ['recordPayment', 'void', 'writeOff'],
    ],
    [
      'an invoice given up after its grace',
      { status: BillStatus.UnPaid, attempts: 0, failureMessage: null },
      ['recordPayment', 'void', 'writeOff'],
    ],
    [
      'a checkout invoice given up',
      { status: BillStatus.UnPaid, kind: 'purchase', attempts: 0, failureMessage: null },
      ['recordPayment', 'void', 'writeOff'],
    ],
    [
      'a card bill written off in its grace',
      { status: BillStatus.ChargeUncollectible },
      ['recordPayment', 'void'],
    ],
    [
      'a bill written off after its grace',
      { status: BillStatus.UnPaidUncollectible },
      ['recordPayment', 'void'],
    ],
    ['a past-due card bill without a card', { cardOnFile: false }, ['recordPayment', 'void', 'writeOff']],
    ['a card bill being charged', { chargeInFlight: true }, []],
    ['a paid card bill', { status: BillStatus.ChargePaid }, []],
    ['a paid invoice', { status: BillStatus.OfflinePaid }, []],
    ['a void bill', { status: BillStatus.ChargeVoid }, []],
    ['a checkout charge the card refused', { status: BillStatus.UnPaid, kind: 'purchase' }, []],
    ['a checkout charge with the customer', { status: BillStatus.ChargePending, kind: 'purchase' }, []],
    ['a small amount waiting to be carried', { status: BillStatus.Pending }, []],
  ] as const)('%s: %j', (_name, over, expected) => {
    expect(allowed(facts(over))).toEqual(expected);
  });
});

describe('collectionRefusal', () => {
  it('says why, in words, never a status code, naming the bill by its invoice number once issued', () => {
    const issued = { invoiceNumber: '2026-000040' };
    expect(collectionRefusal('recordPayment', facts({ ...issued, status: BillStatus.OfflinePaid }))).toBe(
      'Bill 2026-000040 is already paid.',
    );
    expect(collectionRefusal('void', facts({ status: BillStatus.UnPaidVoid }))).toBe(
      'Order 40 is void: nothing is owed on it.',
    );
    expect(collectionRefusal('writeOff', facts({ ...issued, status: BillStatus.OfflineUncollectible }))).toBe(
      'Bill 2026-000040 is already written off as uncollectible.',
    );
    expect(
      collectionRefusal('retry', facts({ ...issued, status: BillStatus.OfflinePastDue, attempts: 0 })),
    ).toBe(
      'Bill 2026-000040 is an invoice, paid outside the card processor: there is no card charge to retry. Record the payment when it arrives.',
    );
    expect(collectionRefusal('retry', facts({ status: BillStatus.ChargeUncollectible }))).toBe(
      'Order 40 is written off as uncollectible, so its card is not charged again; record the payment if the customer pays.',
    );
    expect(collectionRefusal('retry', facts({ cardOnFile: false }))).toBe(OpsBillMessages.noCard('Acme'));
    expect(collectionRefusal('void', facts({ chargeInFlight: true }))).toBe(
      'A charge of order 40 is in progress at the card processor; wait a few minutes for its outcome, then try again.',
    );
    expect(collectionRefusal('void', facts({ status: BillStatus.Pending }))).toBe(
      `Order 40 is '${billStatusText(BillStatus.Pending)}': no money is expected on it.`,
    );
    expect(collectionRefusal('retry', facts({}))).toBeNull();
  });
});

describe('closedBillStatus', () => {
  it.each([
    [BillStatus.ChargePastDue, 'void', BillStatus.ChargeVoid],
    [BillStatus.ChargePending, 'writeOff', BillStatus.ChargeUncollectible],
    [BillStatus.OfflineInvoice, 'void', BillStatus.OfflineVoid],
    [BillStatus.OfflinePastDue, 'writeOff', BillStatus.OfflineUncollectible],
    [BillStatus.UnPaid, 'void', BillStatus.UnPaidVoid],
    [BillStatus.UnPaid, 'writeOff', BillStatus.UnPaidUncollectible],
    [BillStatus.ChargeUncollectible, 'void', BillStatus.ChargeVoid],
    [BillStatus.UnPaidUncollectible, 'void', BillStatus.UnPaidVoid],
  ] as const)('%i voided or written off (%s) becomes %i', (from, to, expected) => {
    expect(closedBillStatus(from, to)).toBe(expected);
  });
});

describe('declineReasonText', () => {
  it('says the message, then the code', () => {
    expect(declineReasonText('insufficient_funds: Your card has insufficient funds.')).toBe(
      'Your card has insufficient funds. (insufficient_funds)',
    );
    expect(declineReasonText('No card on file.')).toBe('No card on file.');
  });
});
