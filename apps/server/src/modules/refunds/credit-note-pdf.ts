import { type BilledTo, billName, formatLongDate, formatUsd } from '@store/core';
import type { Seller } from '../../config';
import type { RefundRow } from '../../db/schema';
import { documentPdf } from '../bills';

export interface CreditNoteData {
  refund: RefundRow;
  /** The number of the invoice it credits (null for a bill issued before numbering). */
  invoiceNumber: string | null;
  billedTo: BilledTo;
}

/**
 * A refund's credit note (docs/design.md §3, docs/decisions/016): laid out as the invoice is, naming the
 * invoice it credits, the reason, and how the money went back; its total is negative.
 */
export function renderCreditNotePdf({ refund, invoiceNumber, billedTo }: CreditNoteData, seller: Seller) {
  const number = refund.creditNoteNumber!;
  const credited = billName({ orderId: refund.orderId, invoiceNumber });
  const frame = documentPdf.startDocument({
    title: `Credit note ${number}`,
    subject: `Credit note ${number} for ${billedTo.company}`,
    seller,
  });
  const { doc, left, right, width } = frame;
  const date = formatLongDate(refund.refundedAt!);
  let y = documentPdf.drawHeading(frame, seller, 'CREDIT NOTE', [
    ['Credit note number', number],
    ['Date', date],
    ['Credits invoice', credited],
    ['Bill number', String(refund.orderId)],
  ]);
  y = documentPdf.drawParties(frame, y, billedTo, {
    title: 'REFUND',
    lines: refund.offlineMethod
      ? [refund.offlineMethod, `Returned to you on ${date}.`]
      : [
          `Card${billedTo.cardLastFour ? ` ending ${billedTo.cardLastFour}` : ' charged'}`,
          `Returned to the card charged for invoice ${credited}.`,
        ],
  });

  doc.rect(left, y, width, 20).fill('#eef2f6');
  doc.fillColor(documentPdf.INK).font('Helvetica-Bold').fontSize(8.5);
  doc.text('DESCRIPTION', left + 6, y + 6);
  doc.text('AMOUNT', right - 110, y + 6, { width: 104, align: 'right' });
  y += 26;
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(documentPdf.INK)
    .text(`Refund of invoice ${credited}`, left + 6, y, { width: width - 130 });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(documentPdf.GREY)
    .text(`Reason: ${refund.reason}`, left + 6, doc.y + 1, { width: width - 130 });
  const bottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(documentPdf.INK)
    .text(`-${formatUsd(refund.amountCents)}`, right - 110, y, { width: 104, align: 'right' });
  y = documentPdf.endLineRow(frame, y, bottom);
  y = documentPdf.drawTotals(frame, y + 6, [
    ['Tax', formatUsd(0), false],
    ['Credit total (USD)', `-${formatUsd(refund.amountCents)}`, true],
  ]);
  return documentPdf.finishDocument(
    frame,
    seller,
    Math.max(y, doc.y) + 30,
    `This credit note reduces invoice ${credited} by ${formatUsd(refund.amountCents)}; that invoice stays as it was issued.`,
  );
}
