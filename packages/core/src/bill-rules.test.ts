import { describe, expect, it } from 'vitest';
import {
  carriedLineDescription,
  cycleNameOf,
  GATEWAY_MINIMUM_CHARGE_CENTS,
  GRACE_DAYS,
  graceEndOf,
  initialBillStatus,
  offlineLicenseExpiry,
  smallAmountOutcome,
} from './bill-rules';
import { BillStatus } from './bill-status';

describe('bill rules', () => {
  it('a bill is due 14 days after its date', () => {
    expect(GRACE_DAYS).toBe(14);
    expect(graceEndOf(new Date('2026-11-02T12:00:00Z')).toISOString()).toBe('2026-11-16T12:00:00.000Z');
  });

  it('a new bill is a card charge, an offline invoice, or paid when it is of nothing', () => {
    expect(initialBillStatus({ amountCents: 100, billedByInvoice: false })).toBe(BillStatus.ChargePending);
    expect(initialBillStatus({ amountCents: 100, billedByInvoice: true })).toBe(BillStatus.OfflineInvoice);
    expect(initialBillStatus({ amountCents: 0, billedByInvoice: false })).toBe(BillStatus.ChargePaid);
    expect(initialBillStatus({ amountCents: 0, billedByInvoice: true })).toBe(BillStatus.OfflinePaid);
  });

  it('ends an offline license file 14 days after the last paid period, not the last billed one', () => {
    const next = new Date('2027-11-02T00:00:00Z');
    const sub = { isPerpetualLicense: false, nextBaseBillingDate: next, unpaidPeriodStart: null };
    expect(offlineLicenseExpiry(sub)?.toISOString()).toBe('2027-11-16T00:00:00.000Z');
    const unpaid = new Date('2026-11-02T00:00:00Z');
    expect(offlineLicenseExpiry({ ...sub, unpaidPeriodStart: unpaid })?.toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(offlineLicenseExpiry({ ...sub, isPerpetualLicense: true })).toBeNull();
  });

  it('names the cycle of a bill line, and nothing for none', () => {
    expect(cycleNameOf(3)).toBe('Annually');
    expect(cycleNameOf(null)).toBe('');
    expect(cycleNameOf(99)).toBe('');
  });
});

describe('smallAmountOutcome', () => {
  const card = { billedByInvoice: false, subscriptionActive: true };
  it.each([
    [0, 'charge'],
    [1, 'carry'],
    [GATEWAY_MINIMUM_CHARGE_CENTS - 1, 'carry'],
    [GATEWAY_MINIMUM_CHARGE_CENTS, 'charge'],
    [5000, 'charge'],
  ] as const)('a card bill of %i cents of a going subscription: %s', (amountCents, outcome) => {
    expect(smallAmountOutcome({ ...card, amountCents })).toBe(outcome);
  });

  it('writes the amount off once the subscription has ended, and never touches invoices', () => {
    expect(smallAmountOutcome({ ...card, amountCents: 30, subscriptionActive: false })).toBe('writeOff');
    expect(smallAmountOutcome({ ...card, amountCents: 30, billedByInvoice: true })).toBe('charge');
  });

  it('names the bill a carried line comes from', () => {
    // A bill waiting to be carried is never issued, so it has no invoice number to be named by.
    expect(carriedLineDescription({ orderId: 123 })).toBe('Carried from order 123');
  });
});
