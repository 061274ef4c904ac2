import { useFileDownload } from '../../../lib/download';
import { getBlob } from '../../../lib/http';

const invoiceFileName = (orderId: number) => `invoice_${orderId}.pdf`;

/** GET /api/order/invoice/{orderId} with Accept application/pdf (spec §7). */
function fetchInvoice(orderId: number): Promise<Blob> {
  return getBlob(`/api/order/invoice/${orderId}`, { accept: 'application/pdf' });
}

/** Saves the invoice under invoice_{orderId}.pdf (spec §2). */
export function useDownloadInvoice() {
  return useFileDownload(fetchInvoice, invoiceFileName);
}
