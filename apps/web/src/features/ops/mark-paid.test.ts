import { BillStatus, billStatusText, type OpsBillDetail } from '@store/core';
import { describe, expect, it } from 'vitest';
import { canMarkPaid } from './mark-paid';

const bill = (status: number, openInvoice: boolean): Pick<OpsBillDetail, 'bill'> => ({
  bill: {
    orderId: 1,
    organizationId: 2,
    organizationName: 'Acme',
    kind: 'renewal',
    status: billStatusText(status),
    total: 10,
    billDate: '2026-01-01T00:00:00.000Z',
    lines: [],
    byInvoice: openInvoice,
    openInvoice,
  },
});

describe('Mark paid', () => {
  it('is offered for an invoice still waiting for its money, past due included', () => {
    expect(canMarkPaid(bill(BillStatus.OfflineInvoice, true))).toBe(true);
    expect(canMarkPaid(bill(BillStatus.OfflinePastDue, true))).toBe(true);
  });

  it('is not offered for a card bill, though its status reads the same as an invoice’s', () => {
    expect(billStatusText(BillStatus.ChargePending)).toBe(billStatusText(BillStatus.OfflinePending));
    expect(canMarkPaid(bill(BillStatus.ChargePending, false))).toBe(false);
    expect(canMarkPaid(bill(BillStatus.ChargePastDue, false))).toBe(false);
  });
});
