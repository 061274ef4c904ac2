import { RefundMessages } from '@store/core';
import { describe, expect, it } from 'vitest';
import { refundFormSchema, refundFormValues } from './refund-form';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the Refund form', () => {
  it('starts at what is left to refund and wants a reason', () => {
    const empty = refundFormValues(12_50);
    expect(empty.amount).toBe(12.5);
    expect(messages(refundFormSchema(7, true).safeParse(empty))).toEqual([RefundMessages.reasonRequired]);
  });

  it('asks how the money went back only for a bill paid by invoice', () => {
    const values = { ...refundFormValues(12_50), reason: ' Goodwill ' };
    expect(refundFormSchema(7, true).parse(values)).toMatchObject({ amount: 12.5, reason: 'Goodwill' });
    expect(messages(refundFormSchema(7, false).safeParse(values))).toEqual([
      RefundMessages.offlineMethodRequired(7),
    ]);
    expect(refundFormSchema(7, false).parse({ ...values, offlineMethod: ' SEPA 42 ' }).offlineMethod).toBe(
      'SEPA 42',
    );
  });

  it('refuses nothing to refund', () => {
    const values = { ...refundFormValues(0), reason: 'x' };
    expect(messages(refundFormSchema(7, true).safeParse(values))).toEqual([RefundMessages.amountPositive]);
  });
});
