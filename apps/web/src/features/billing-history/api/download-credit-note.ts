import { creditNoteFileName } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { getBlob } from '../../../lib/http';
import { saveBlob } from './download-invoice';

/** GET /api/order/credit-note/{number}: a refund's credit note (docs/design.md §3). */
export function fetchCreditNote(number: string): Promise<Blob> {
  return getBlob(`/api/order/credit-note/${encodeURIComponent(number)}`, { accept: 'application/pdf' });
}

/** Saves it under credit_note_{number}.pdf. */
export function useDownloadCreditNote() {
  return useMutation({
    mutationFn: async (number: string) => saveBlob(await fetchCreditNote(number), creditNoteFileName(number)),
  });
}
