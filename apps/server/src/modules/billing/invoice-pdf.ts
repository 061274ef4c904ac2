import {
  BillStatus,
  billName,
  cycleNameOf,
  formatLongDate,
  formatMediumDate,
  formatUsd,
  GRACE_DAYS,
  isBillPaid,
  isBillUncollectible,
  isBillVoid,
  licenseId,
  PromotionMessages,
} from '@store/core';
import type { Seller } from '../../config';
import { documentPdf } from '../bills';
import type { InvoiceData } from './bill-history.repository';

const KIND_TITLE: Record<string, string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  overage: 'Usage overage',
  proration: 'Plan change (prorated)',
};

/** Renders a bill as a one-or-more-page A4 PDF invoice. */
export function renderInvoicePdf(invoice: InvoiceData, seller: Seller): Promise<Buffer> {
  // The bill's one name (docs/decisions/032): its invoice number once issued, else "Order N".
  const number = billName(invoice);
  const frame = documentPdf.startDocument({
    title: `Invoice ${number}`,
    subject: `Invoice ${number} for ${invoice.billedTo.company}`,
    seller,
  });
  const { doc, left, right, width } = frame;
  const paid = isBillPaid(invoice.status);
  const facts: [string, string][] = [
    ['Invoice number', number],
    ['Bill number', String(invoice.orderId)],
    ['Invoice date', formatLongDate(invoice.billingDate)],
    ['Due date', invoice.dueDate ? formatLongDate(invoice.dueDate) : formatLongDate(invoice.billingDate)],
    ['Status', invoice.statusText],
  ];
  if (paid && invoice.paidAt) facts.push(['Paid on', formatLongDate(invoice.paidAt)]);
  facts.push(['Type', KIND_TITLE[invoice.kind] ?? invoice.kind]);
  const b = invoice.billedTo;
  let y = documentPdf.drawHeading(frame, seller, 'INVOICE', facts);
  y = documentPdf.drawParties(frame, y, b, {
    title: 'PAYMENT',
    lines: b.billedByInvoice
      ? ['Offline invoice (bank transfer)', `Quote invoice ${number} with your payment.`]
      : [
          `Card${b.cardLastFour ? ` ending ${b.cardLastFour}` : ' on file'}`,
          'Charged automatically each cycle.',
        ],
  });

  // Lines.
  const col = { desc: left, period: left + 200, list: left + 300, discount: left + 365, amount: left + 425 };
  const header = (at: number) => {
    doc.rect(left, at, width, 20).fill('#eef2f6');
    doc.fillColor(documentPdf.INK).font('Helvetica-Bold').fontSize(8.5);
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
  let promotionTotal = 0;
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = header(50);
    }
    listTotal += line.listCents;
    // A promotion code's share is a line of its own below its item (docs/decisions/041): the item shows
    // its amount before the code, so the AMOUNT column adds up to the total.
    const promotionCents = line.promotionCode ? line.promotionCents : 0;
    discountTotal += line.discountCents + promotionCents;
    promotionTotal += promotionCents;
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
      .fillColor(documentPdf.INK)
      .text(line.description, col.desc + 6, y, { width: 188 });
    const afterDesc = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(documentPdf.GREY)
      .text(detail, col.desc + 6, afterDesc + 1, { width: 188 });
    const bottom = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(documentPdf.INK);
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
    doc.font('Helvetica-Bold').text(formatUsd(line.amountCents + promotionCents), col.amount, y, {
      width: right - col.amount - 6,
      align: 'right',
    });
    y = documentPdf.endLineRow(frame, y, bottom);
    if (line.promotionCode && promotionCents > 0) {
      doc.font('Helvetica').fontSize(9).fillColor(documentPdf.INK);
      doc.text(PromotionMessages.lineLabel(line.promotionCode), col.desc + 6, y, { width: 188 });
      const promotionBottom = doc.y;
      doc.text(`-${formatUsd(promotionCents)}`, col.amount, y, {
        width: right - col.amount - 6,
        align: 'right',
      });
      y = documentPdf.endLineRow(frame, y, promotionBottom);
    }
  }

  // Totals.
  y += 6;
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatUsd(listTotal), false],
    ['Discounts', discountTotal ? `-${formatUsd(discountTotal)}` : formatUsd(0), false],
    ['Tax', formatUsd(0), false],
    ['Total (USD)', formatUsd(invoice.totalCents), true],
    // A void bill is owed by no one (docs/decisions/029).
    [
      paid ? 'Amount paid' : 'Amount due',
      formatUsd(isBillVoid(invoice.status) ? 0 : invoice.totalCents),
      true,
    ],
  ];
  y = documentPdf.drawTotals(frame, y, totals);
  if (discountTotal > 0) {
    doc.font('Helvetica').fontSize(8).fillColor(documentPdf.GREY);
    doc.text(
      `Discounts are the billing-cycle discount fixed at purchase and your organization discount${promotionTotal > 0 ? ', and the promotion code shown' : ''}. Usage overage is never discounted.`,
      left,
      y + 6,
      { width: width - 240 },
    );
  }

  // Footer: how the bill stands.
  y = Math.max(y, doc.y) + 30;
  const note = isBillVoid(invoice.status)
    ? 'This bill is void: nothing is owed on it, and it will not be charged.'
    : isBillUncollectible(invoice.status)
      ? 'This bill is unpaid and will not be charged again.'
      : invoice.status === BillStatus.UnPaid
        ? `This bill was not paid within ${GRACE_DAYS} days of its ${b.billedByInvoice ? 'due date' : 'date'}; the subscriptions on it were deactivated.`
        : paid
          ? 'Thank you for your payment.'
          : b.billedByInvoice
            ? `Please pay by ${formatLongDate(invoice.dueDate ?? invoice.billingDate)}, quoting invoice ${number}. ${documentPdf.SELLER_CONTACT.bank}.`
            : `We will charge the card on file. If the charge keeps failing for ${GRACE_DAYS} days after the invoice date, the subscription is deactivated; update your billing information to retry at once.`;
  return documentPdf.finishDocument(frame, seller, y, note);
}
