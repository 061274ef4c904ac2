import { BillStatus } from '@store/core';
import { describe, expect, it } from 'vitest';
import { REGISTERED_ADDRESS } from '../../../test/support/accounts';
import { pdfText } from '../../../test/support/pdf-text';
import { loadConfig } from '../../config';
import type { InvoiceData } from './bill-history.repository';
import { renderInvoicePdf } from './invoice-pdf';

// The invoice names its bill as every screen, mail and message does (docs/decisions/032): the
// invoice number once issued, "Order N" before (a card bill still open has no number yet).

const invoice = (invoiceNumber: string | null): InvoiceData => ({
  orderId: 412,
  invoiceNumber,
  kind: 'renewal',
  status: invoiceNumber ? BillStatus.ChargePaid : BillStatus.PastDue,
  statusText: invoiceNumber ? 'Paid' : 'Past Due',
  billingDate: new Date('2026-11-02T10:00:00Z'),
  dueDate: new Date('2026-11-16T10:00:00Z'),
  paidAt: invoiceNumber ? new Date('2026-11-02T10:00:00Z') : null,
  totalCents: 250_00,
  billedTo: {
    organizationId: 7,
    companyName: 'Acme Documents',
    name: 'Ava Acme',
    company: 'Acme Documents',
    ...REGISTERED_ADDRESS,
    cardLastFour: '4242',
    billedByInvoice: false,
  },
  lines: [],
});

const seller = loadConfig({}).seller;

describe('the invoice document', () => {
  it('names an issued bill by its invoice number', async () => {
    const text = pdfText(await renderInvoicePdf(invoice('2026-000042'), seller));
    expect(text).toMatch(/Invoice number\s+2026-000042/);
    expect(text).toMatch(/Bill number\s+412/);
  });

  it('names a bill not yet issued by its order number, as the screens do', async () => {
    const text = pdfText(await renderInvoicePdf(invoice(null), seller));
    expect(text).toMatch(/Invoice number\s+Order 412/);
    expect(text).not.toContain('Bill 412');
  });
});
