import { RefundMessages } from '@store/core';
import { describe, expect, it } from 'vitest';
import { refundFormSchema, refundFormValues } from './refund-form';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const limits = { paidCents: 78_73, refundedCents: 0 };
// A paid bill has its invoice number, which names it in the messages.
const bill = { orderId: 7, invoiceNumber: '2026-000007' };

describe('the Refund form', () => {
  it('starts empty and wants an amount and a reason', () => {
    const empty = refundFormValues();
    expect(empty.amount).toBe('');
    expect(messages(refundFormSchema(bill, true, limits).safeParse(empty))).toEqual([
      RefundMessages.amountRequired,
      RefundMessages.reasonRequired,
    ]);
  });

  it('asks how the money went back only for a bill paid by invoice', () => {
    const values = { ...refundFormValues(), amount: 12.5, reason: ' Goodwill ' };
    expect(refundFormSchema(bill, true, limits).parse(values)).toMatchObject({
      amount: 12.5,
      reason: 'Goodwill',
    });
    expect(messages(refundFormSchema(bill, false, limits).safeParse(values))).toEqual([
      "Bill 2026-000007 was paid by invoice: say how the money went back, e.g. the bank transfer's reference.",
    ]);
    expect(
      refundFormSchema(bill, false, limits).parse({ ...values, offlineMethod: ' SEPA 42 ' }).offlineMethod,
    ).toBe('SEPA 42');
  });

  it('refuses more than is left with the figures, never cutting the amount to it', () => {
    const typo = { ...refundFormValues(), amount: 7873, reason: 'x' };
    expect(messages(refundFormSchema(bill, true, limits).safeParse(typo))).toEqual([
      'A refund of $7,873.00 is more than bill 2026-000007 has left to refund: $78.73 ($78.73 paid, $0.00 refunded).',
    ]);
    const rest = { ...typo, amount: 50 };
    expect(
      messages(refundFormSchema(bill, true, { paidCents: 78_73, refundedCents: 30_00 }).safeParse(rest)),
    ).toEqual([RefundMessages.overRefund(50_00, bill, 78_73, 30_00)]);
    expect(refundFormSchema(bill, true, limits).parse({ ...typo, amount: 78.73 }).amount).toBe(78.73);
  });

  it('refuses nothing to refund', () => {
    const values = { ...refundFormValues(), amount: 0, reason: 'x' };
    expect(messages(refundFormSchema(bill, true, limits).safeParse(values))).toEqual([
      RefundMessages.amountPositive,
    ]);
  });
});
