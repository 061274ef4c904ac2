import { useMutation } from '@tanstack/react-query';
import { getBlob } from '../../../lib/http';

export const invoiceFileName = (orderId: number) => `invoice_${orderId}.pdf`;

/** GET /api/order/invoice/{orderId} with Accept application/pdf (spec §7). */
export function fetchInvoice(orderId: number): Promise<Blob> {
  return getBlob(`/api/order/invoice/${orderId}`, { accept: 'application/pdf' });
}

/** Saves the blob under invoice_{orderId}.pdf (spec §2) through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (orderId: number) => saveBlob(await fetchInvoice(orderId), invoiceFileName(orderId)),
  });
}
