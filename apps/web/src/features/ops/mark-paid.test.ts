import { BillStatus, billStatusText, type OpsBillDetail } from '@store/core';
import { describe, expect, it } from 'vitest';
import { canMarkPaid } from './mark-paid';

const bill = (
  status: number,
  gatewayReferences: (string | null)[] = [],
): Pick<OpsBillDetail, 'bill' | 'attempts'> => ({
  bill: {
    orderId: 1,
    organizationId: 2,
    organizationName: 'Acme',
    kind: 'renewal',
    status: billStatusText(status),
    total: 10,
    billDate: '2026-01-01T00:00:00.000Z',
    lines: [],
  },
  attempts: gatewayReferences.map((gatewayReference, i) => ({
    attemptId: i + 1,
    status: 'declined',
    amount: 10,
    gatewayReference,
    createdAt: '2026-01-01T00:00:00.000Z',
  })),
});

describe('Mark paid', () => {
  it('is offered for an invoice still waiting for its money, past due included', () => {
    expect(canMarkPaid(bill(BillStatus.OfflineInvoice))).toBe(true);
    expect(canMarkPaid(bill(BillStatus.OfflinePending))).toBe(true);
    expect(canMarkPaid(bill(BillStatus.OfflinePastDue))).toBe(true);
  });

  it('is not offered for a paid or written-off bill, nor for a card bill the gateway was asked for', () => {
    expect(canMarkPaid(bill(BillStatus.OfflinePaid))).toBe(false);
    expect(canMarkPaid(bill(BillStatus.UnPaid))).toBe(false);
    expect(canMarkPaid(bill(BillStatus.ChargePastDue, ['pi_123']))).toBe(false);
  });
});
