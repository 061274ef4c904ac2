import { useFileDownload } from '../../../lib/download';
import { getBlob } from '../../../lib/http';
import { type AuditView, auditQuery } from './get-audit-log';

/** GET /api/ops/audit.csv: the entries the view lists, every page, saved as audit-log.csv. */
export function useExportAuditLog(view: AuditView) {
  const query = auditQuery(view).toString();
  const file = useFileDownload(
    (q: string) => getBlob(`/api/ops/audit.csv?${q}`, { accept: 'text/csv' }),
    () => 'audit-log.csv',
  );
  return { download: () => file.download(query), isSaving: file.isSaving(query) };
}
