import { describe, expect, it } from 'vitest';
import { dueDateOf } from './bill-rules';
import { BillStatus } from './bill-status';
import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  INVOICE_REMINDERS,
  invoiceGraceEnd,
  invoiceReminderDue,
  isPaymentTermsDays,
  PAYMENT_TERMS_MESSAGE,
  paymentTermsText,
} from './invoice-terms';

const issued = new Date('2027-03-01T00:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('payment terms', () => {
  it('are net 14, 30 or 60, net 14 unless the operator agreed otherwise', () => {
    expect(DEFAULT_PAYMENT_TERMS_DAYS).toBe(14);
    expect([14, 30, 60].every(isPaymentTermsDays)).toBe(true);
    expect([0, 7, 15, 45, 90, '30', null].some(isPaymentTermsDays)).toBe(false);
    expect(paymentTermsText(30)).toBe('net 30');
    expect(PAYMENT_TERMS_MESSAGE).toBe('Payment terms must be net 14, net 30 or net 60');
  });

  it('make an invoice due its terms after its date; card bills keep the grace as their due date', () => {
    const invoice = { kind: 'renewal', status: BillStatus.OfflineInvoice, billingDate: issued };
    expect(dueDateOf({ ...invoice, paymentTermsDays: 14 })).toEqual(day('2027-03-15'));
    expect(dueDateOf({ ...invoice, paymentTermsDays: 30 })).toEqual(day('2027-03-31'));
    expect(dueDateOf({ ...invoice, kind: 'purchase', paymentTermsDays: 60 })).toEqual(day('2027-04-30'));
    const card = {
      kind: 'renewal',
      status: BillStatus.ChargePending,
      billingDate: issued,
      paymentTermsDays: 60,
    };
    expect(dueDateOf(card)).toEqual(day('2027-03-15'));
    expect(dueDateOf({ ...card, kind: 'purchase' })).toBeNull();
  });
});

describe('an invoice’s grace', () => {
  const dueDate = day('2027-03-31');

  it('never ends before the invoice was mailed', () => {
    expect(invoiceGraceEnd({ dueDate, sentAt: null })).toBeNull();
  });

  it('ends 14 days after the due date of an invoice mailed when it was issued', () => {
    expect(invoiceGraceEnd({ dueDate, sentAt: issued })).toEqual(day('2027-04-14'));
  });

  it('ends 14 days after the mail of an invoice mailed after its due date', () => {
    expect(invoiceGraceEnd({ dueDate, sentAt: day('2027-04-10') })).toEqual(day('2027-04-24'));
  });
});

describe('invoice reminders', () => {
  const dueDate = day('2027-03-31');
  const sent = { dueDate, sentAt: issued };

  it('come 3 days before the due date, the day after it and a week after it', () => {
    expect(INVOICE_REMINDERS.map((r) => r.fromDays)).toEqual([-3, 1, 7]);
    expect(invoiceReminderDue(sent, day('2027-03-27'))).toBeNull();
    expect(invoiceReminderDue(sent, day('2027-03-28'))).toBe('invoice-due-soon');
    expect(invoiceReminderDue(sent, day('2027-03-31'))).toBeNull();
    expect(invoiceReminderDue(sent, day('2027-04-01'))).toBe('invoice-overdue');
    expect(invoiceReminderDue(sent, day('2027-04-07'))).toBe('invoice-final-notice');
    expect(invoiceReminderDue(sent, day('2027-04-14'))).toBeNull();
  });

  it('are not sent for an invoice never mailed, nor before the invoice itself', () => {
    expect(invoiceReminderDue({ dueDate, sentAt: null }, day('2027-03-28'))).toBeNull();
    const late = { dueDate, sentAt: day('2027-04-03') };
    expect(invoiceReminderDue(late, day('2027-04-04'))).toBeNull();
    expect(invoiceReminderDue(late, day('2027-04-08'))).toBe('invoice-final-notice');
  });
});
