import {
  BillStatus,
  cycleNameOf,
  formatLongDate,
  formatMediumDate,
  formatUsd,
  GRACE_DAYS,
  isBillPaid,
  licenseId,
} from '@store/core';
import PDFDocument from 'pdfkit';
import type { InvoiceData } from './billing.service';

/**
 * The seller on every invoice. Demo values: a deployment sets its own legal name, address and tax
 * number here (an invoice a finance department accepts names both parties).
 */
export const SELLER = {
  name: 'Licensed Software Store, Inc.',
  lines: ['1200 Larimer Street, Suite 300', 'Denver, CO 80204', 'United States'],
  email: 'billing@store.example.com',
  taxId: 'EIN 84-0000000',
  bank: 'Bank transfer: First Example Bank, ABA 102000021, account 4470012345',
} as const;

const KIND_TITLE: Record<string, string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  overage: 'Usage overage',
  proration: 'Plan change (prorated)',
};

const GREY = '#5f6b7a';
const INK = '#1d2733';
const RULE = '#c9d1db';
const ACCENT = '#1c5d99';

/** Renders a bill as a one-or-more-page A4 PDF invoice. */
export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Invoice ${invoice.orderId}`,
      Author: SELLER.name,
      Subject: `Invoice ${invoice.orderId} for ${invoice.billedTo.company}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  // Seller (left) and invoice facts (right).
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('INVOICE', left, 50, { width, align: 'right' });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(SELLER.name, left, 50);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const l of SELLER.lines) doc.text(l);
  doc.text(SELLER.email);
  doc.text(`Tax ID: ${SELLER.taxId}`);

  const paid = isBillPaid(invoice.status);
  const facts: [string, string][] = [
    ['Invoice number', String(invoice.orderId)],
    ['Invoice date', formatLongDate(invoice.billingDate)],
    ['Due date', invoice.dueDate ? formatLongDate(invoice.dueDate) : formatLongDate(invoice.billingDate)],
    ['Status', invoice.statusText],
  ];
  if (paid && invoice.paidAt) facts.push(['Paid on', formatLongDate(invoice.paidAt)]);
  facts.push(['Type', KIND_TITLE[invoice.kind] ?? invoice.kind]);
  let y = 80;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, right - 220, y, { width: 100 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, right - 120, y, { width: 120, align: 'right' });
    y += 14;
  }

  // Bill to.
  y = Math.max(y, doc.y) + 24;
  const b = invoice.billedTo;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text('BILL TO', left, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(b.company || b.companyName, left, y + 13);
  doc.font('Helvetica').fontSize(9.5);
  const addr = [
    b.name && b.name !== b.company ? `Attn: ${b.name}` : null,
    b.addr1,
    b.addr2,
    [b.city, [b.state, b.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    b.country,
  ].filter((l): l is string => Boolean(l));
  for (const l of addr) doc.text(l);
  doc.fillColor(GREY).text(`Customer account ${b.organizationId}`);

  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(GREY)
    .text('PAYMENT', left + width / 2 + 40, y);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  const payment = b.billedByInvoice
    ? ['Offline invoice (bank transfer)', `Quote invoice ${invoice.orderId} with your payment.`]
    : [
        `Card${b.cardLastFour ? ` ending ${b.cardLastFour}` : ' on file'}`,
        'Charged automatically each cycle.',
      ];
  doc.text(payment[0]!, left + width / 2 + 40, y + 13, { width: width / 2 - 40 });
  doc.fillColor(GREY).text(payment[1]!, { width: width / 2 - 40 });

  // Lines.
  y = Math.max(doc.y, y + 80) + 20;
  const col = { desc: left, period: left + 200, list: left + 300, discount: left + 365, amount: left + 425 };
  const header = (at: number) => {
    doc.rect(left, at, width, 20).fill('#eef2f6');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(8.5);
    doc.text('DESCRIPTION', col.desc + 6, at + 6);
    doc.text('SERVICE PERIOD', col.period, at + 6);
    doc.text('LIST', col.list, at + 6, { width: 60, align: 'right' });
    doc.text('DISCOUNT', col.discount, at + 6, { width: 55, align: 'right' });
    doc.text('AMOUNT', col.amount, at + 6, { width: right - col.amount - 6, align: 'right' });
    return at + 26;
  };
  y = header(y);
  let listTotal = 0;
  let discountTotal = 0;
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = header(50);
    }
    listTotal += line.listCents;
    discountTotal += line.discountCents;
    const cycle = cycleNameOf(line.billingMode);
    const detail = [
      [line.productName, line.planName].filter(Boolean).join(' - '),
      cycle && cycle !== 'Never' ? `${cycle} billing` : null,
      line.subscriptionId ? `License ${licenseId(line.subscriptionId)}` : null,
    ]
      .filter(Boolean)
      .join(' | ');
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(line.description, col.desc + 6, y, { width: 188 });
    const afterDesc = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(detail, col.desc + 6, afterDesc + 1, { width: 188 });
    const bottom = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    const period =
      line.periodStart && line.periodEnd
        ? `${formatMediumDate(line.periodStart)} -\n${formatMediumDate(line.periodEnd)}`
        : '-';
    doc.text(period, col.period, y, { width: 100 });
    doc.text(formatUsd(line.listCents), col.list, y, { width: 60, align: 'right' });
    doc.text(line.discountCents ? `-${formatUsd(line.discountCents)}` : '-', col.discount, y, {
      width: 55,
      align: 'right',
    });
    doc
      .font('Helvetica-Bold')
      .text(formatUsd(line.amountCents), col.amount, y, { width: right - col.amount - 6, align: 'right' });
    y = Math.max(bottom, y + 24) + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // Totals.
  y += 6;
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatUsd(listTotal), false],
    ['Discounts', discountTotal ? `-${formatUsd(discountTotal)}` : formatUsd(0), false],
    ['Tax', formatUsd(0), false],
    ['Total (USD)', formatUsd(invoice.totalCents), true],
    [paid ? 'Amount paid' : 'Amount due', formatUsd(invoice.totalCents), true],
  ];
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK);
    doc.text(label, right - 230, y, { width: 120 });
    doc.text(value, right - 110, y, { width: 104, align: 'right' });
    y += strong ? 17 : 14;
  }
  if (discountTotal > 0) {
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(
      'Discounts are the billing-cycle discount fixed at purchase and your organization discount. Usage overage is never discounted.',
      left,
      y + 6,
      { width: width - 240 },
    );
  }

  // Footer: how the bill stands.
  y = Math.max(y, doc.y) + 30;
  const note =
    invoice.status === BillStatus.UnPaid
      ? `This bill was not paid within ${GRACE_DAYS} days of its date; the subscriptions on it were deactivated.`
      : paid
        ? 'Thank you for your payment.'
        : b.billedByInvoice
          ? `Please pay within ${GRACE_DAYS} days of the invoice date. ${SELLER.bank}.`
          : `We will charge the card on file. If the charge keeps failing for ${GRACE_DAYS} days after the invoice date, the subscription is deactivated; update your billing information to retry at once.`;
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(note, left, y, { width });
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `${SELLER.name} | ${SELLER.email} | ${SELLER.taxId}. All amounts in US dollars.`,
      left,
      doc.page.height - 70,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    );
  doc.end();
  return done;
}
