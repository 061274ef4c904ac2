import { billMentionFirst } from '@store/core';
import type { Seller } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { AttachmentResolver } from '../../mail/outbox-sender';
import { findInvoice } from './bill-history.repository';
import { renderInvoicePdf } from './invoice-pdf';

/** The receipt's attachment: the bill's invoice PDF, rendered when the mail is sent (decision 018). */
export function invoiceAttachments(db: DbOrTx, seller: Seller): AttachmentResolver {
  return async (ref) => {
    const invoice = await findInvoice(db, ref.organizationId, ref.orderId);
    if (!invoice)
      throw new Error(
        `${billMentionFirst({ orderId: ref.orderId })} of organization ${ref.organizationId} not found`,
      );
    return {
      filename: `invoice_${ref.orderId}.pdf`,
      contentType: 'application/pdf',
      content: await renderInvoicePdf(invoice, seller),
    };
  };
}
