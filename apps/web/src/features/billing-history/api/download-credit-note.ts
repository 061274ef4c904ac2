import { creditNoteFileName } from '@store/core';
import { useFileDownload } from '../../../lib/download';
import { getBlob } from '../../../lib/http';

/** GET /api/order/credit-note/{number}: a refund's credit note (docs/design.md §3). */
function fetchCreditNote(number: string): Promise<Blob> {
  return getBlob(`/api/order/credit-note/${encodeURIComponent(number)}`, { accept: 'application/pdf' });
}

/** Saves it under credit_note_{number}.pdf. */
export function useDownloadCreditNote() {
  return useFileDownload(fetchCreditNote, creditNoteFileName);
}
