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
  it('says why, in words, never a status code', () => {
    expect(collectionRefusal('recordPayment', facts({ status: BillStatus.OfflinePaid }))).toBe(
      OpsBillMessages.alreadyPaid(40),
    );
    expect(collectionRefusal('void', facts({ status: BillStatus.UnPaidVoid }))).toBe(
      OpsBillMessages.isVoid(40),
    );
    expect(collectionRefusal('writeOff', facts({ status: BillStatus.OfflineUncollectible }))).toBe(
      OpsBillMessages.alreadyWrittenOff(40),
    );
    expect(collectionRefusal('retry', facts({ status: BillStatus.OfflinePastDue, attempts: 0 }))).toBe(
      OpsBillMessages.notByCard(40),
    );
    expect(collectionRefusal('retry', facts({ status: BillStatus.ChargeUncollectible }))).toBe(
      OpsBillMessages.writtenOffNotCharged(40),
    );
    expect(collectionRefusal('retry', facts({ cardOnFile: false }))).toBe(OpsBillMessages.noCard('Acme'));
    expect(collectionRefusal('void', facts({ chargeInFlight: true }))).toBe(
      OpsBillMessages.chargeInFlight(40),
    );
    expect(collectionRefusal('void', facts({ status: BillStatus.Pending }))).toBe(
      OpsBillMessages.notOwed(40, billStatusText(BillStatus.Pending)),
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
