import { describe, expect, it } from 'vitest';
import {
  BillStatus,
  billMention,
  billMentionFirst,
  billStatusText,
  billSubscriptionsText,
  isBillPaid,
  isBillUncollectible,
  isBillVoid,
} from './bill-status';

describe('billStatusText', () => {
  it.each([
    ['Charge', 256, 'Credit Card'],
    ['Offline', 512, 'Ofline'],
    ['Other', 1024, 'Unknown (contact support)'],
    ['Invoice', 1, 'Invoiced'],
    ['OfflineInvoice', 513, 'Invoiced'],
    ['Pending', 2, 'Pending'],
    ['ChargePending', 258, 'Pending'],
    ['OfflinePending', 514, 'Pending'],
    ['Paid', 4, 'Paid'],
    ['PastDue', 8, 'Paid'],
    ['ChargePaid', 260, 'Paid'],
    ['OfflinePaid', 516, 'Paid'],
    ['ChargePastDue', 264, 'Past Due'],
    ['OfflinePastDue', 520, 'Past Due'],
    ['UnPaid', 1028, 'Un-Paid'],
    ['ChargeVoid', 272, 'Void'],
    ['OfflineVoid', 528, 'Void'],
    ['UnPaidVoid', 1040, 'Void'],
    ['ChargeUncollectible', 288, 'Uncollectible'],
    ['OfflineUncollectible', 544, 'Uncollectible'],
    ['UnPaidUncollectible', 1056, 'Uncollectible'],
  ] as const)('%s (%i) reads %s', (name, value, text) => {
    expect(BillStatus[name]).toBe(value);
    expect(billStatusText(value)).toBe(text);
  });

  it('falls back for unknown values', () => {
    expect(billStatusText(3)).toBe('Unknown (contact support)');
  });

  it.each([
    [4, true],
    [260, true],
    [516, true],
    [258, false],
    [264, false],
    [1028, false],
    [272, false],
    [1056, false],
  ])('isBillPaid(%i) = %s', (status, paid) => {
    expect(isBillPaid(status)).toBe(paid);
  });

  it('tells a void bill and a written-off one from every other status', () => {
    const all = Object.values(BillStatus);
    expect(all.filter(isBillVoid)).toEqual([272, 528, 1040]);
    expect(all.filter(isBillUncollectible)).toEqual([288, 544, 1056]);
  });
});

describe('billSubscriptionsText', () => {
  it('names the one subscription, says several for more, and a dash for none', () => {
    expect(billSubscriptionsText(['Production Engines'])).toBe('Production Engines');
    expect(billSubscriptionsText(['Production Engines', 'Flex Reporting'])).toBe('several');
    expect(billSubscriptionsText([])).toBe('—');
    expect(billSubscriptionsText(undefined)).toBe('—');
  });
});

describe('billMention', () => {
  it('says a bill inside a sentence by its invoice number, or by its order before it is issued', () => {
    expect(billMention({ orderId: 42, invoiceNumber: '2026-000042' })).toBe('bill 2026-000042');
    expect(billMention({ orderId: 139, invoiceNumber: null })).toBe('order 139');
    expect(billMention({ orderId: 139 })).toBe('order 139');
  });

  it('opens a sentence with it', () => {
    expect(billMentionFirst({ orderId: 42, invoiceNumber: '2026-000042' })).toBe('Bill 2026-000042');
    expect(billMentionFirst({ orderId: 139, invoiceNumber: null })).toBe('Order 139');
  });
});
