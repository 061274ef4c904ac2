import { useFileDownload } from '../../../lib/download';
import { getBlob } from '../../../lib/http';
import { type BillsView, billsQuery } from './get-bills';

/** GET /api/ops/bills.csv: the bills the view lists, every page, saved as bills.csv. */
export function useExportBills(view: BillsView) {
  const query = billsQuery(view).toString();
  const file = useFileDownload(
    (q: string) => getBlob(`/api/ops/bills.csv?${q}`, { accept: 'text/csv' }),
    () => 'bills.csv',
  );
  return { download: () => file.download(query), isSaving: file.isSaving(query) };
}
