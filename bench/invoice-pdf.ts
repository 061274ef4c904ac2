import { BillingMode, BillStatus } from '@store/core';
import { loadConfig } from '../apps/server/src/config';
import type { InvoiceData } from '../apps/server/src/modules/billing/bill-history.repository';
import { renderInvoicePdf } from '../apps/server/src/modules/billing/invoice-pdf';
import { REGISTERED_ADDRESS } from '../apps/server/test/support/accounts';
import { report } from './lib/report';

// The invoice PDF: every receipt mail renders one when it is sent (a renewal day's thousands of
// receipts), and Billing History's download renders one per click. Renders `--count` invoices of
// two lines each, every one with its own number, company and amounts, in this process.
//
//   npx tsx bench/invoice-pdf.ts [--count 3000]

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const count = arg('--count', 3_000);
const seller = loadConfig({}).seller;

const invoice = (i: number): InvoiceData => ({
  orderId: 10_000 + i,
  invoiceNumber: `2027-${String(i + 1).padStart(6, '0')}`,
  kind: 'renewal',
  status: BillStatus.ChargePaid,
  statusText: 'Paid',
  billingDate: new Date('2027-03-01T10:00:00Z'),
  dueDate: new Date('2027-03-15T10:00:00Z'),
  paidAt: new Date('2027-03-01T10:04:00Z'),
  totalCents: 2 * (12_500 + i),
  billedTo: {
    organizationId: 100 + i,
    companyName: `Customer ${i} Documents Inc.`,
    name: 'Pat Payer',
    company: `Customer ${i} Documents Inc.`,
    ...REGISTERED_ADDRESS,
    cardLastFour: '4242',
    billedByInvoice: false,
  },
  lines: [1, 2].map((n) => ({
    id: 2 * i + n,
    orderId: 10_000 + i,
    subscriptionId: 2 * i + n,
    description: `Engines ${n} of customer ${i}`,
    productName: 'Pro',
    planName: 'Pro Standard',
    billingMode: BillingMode.Monthly,
    periodStart: new Date('2027-03-01T10:00:00Z'),
    periodEnd: new Date('2027-04-01T10:00:00Z'),
    listCents: 12_500 + i,
    discountCents: 0,
    amountCents: 12_500 + i,
    promotionCode: null,
    promotionCents: 0,
  })),
});

const first = performance.now();
await renderInvoicePdf(invoice(0), seller);
const firstMs = performance.now() - first;
const started = performance.now();
let bytes = 0;
for (let i = 1; i <= count; i++) bytes += (await renderInvoicePdf(invoice(i), seller)).length;
const eachMs = (performance.now() - started) / count;
console.log(
  `invoice PDF: first ${firstMs.toFixed(1)} ms, then ${eachMs.toFixed(2)} ms each over ${count} (${Math.round(bytes / count / 1024)} KB each)`,
);

report([
  {
    bench: 'invoice pdf',
    figure: 'the first invoice of a process (fonts read)',
    value: `${firstMs.toFixed(1)} ms`,
  },
  {
    bench: 'invoice pdf',
    figure: `each of ${count.toLocaleString('en-US')} invoices after it`,
    value: `${eachMs.toFixed(2)} ms`,
  },
]);
