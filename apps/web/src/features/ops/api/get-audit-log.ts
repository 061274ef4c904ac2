import { type AuditActorKind, type AuditKind, AuditPageSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

/** The Audit log screen's filters; kept in the address, so Back and a shared link return to them. */
export interface AuditView {
  organizationId: number | null;
  actorKind: AuditActorKind | null;
  kind: AuditKind | null;
  from: string;
  to: string;
}

/** The query of a view (without its page): the list and its CSV export ask with the same. */
export function auditQuery(view: AuditView): URLSearchParams {
  const q = new URLSearchParams();
  if (view.organizationId !== null) q.set('organizationId', String(view.organizationId));
  if (view.actorKind) q.set('actorKind', view.actorKind);
  if (view.kind) q.set('kind', view.kind);
  if (view.from) q.set('from', view.from);
  if (view.to) q.set('to', view.to);
  return q;
}

/** GET /api/ops/audit: one page of every organization's audit log, or one's (docs/decisions/017). */
export function useAuditLog(view: AuditView, page: number) {
  return useQuery({
    queryKey: [...opsKeys.audit, view, page],
    queryFn: ({ signal }) => {
      const q = auditQuery(view);
      if (page > 1) q.set('page', String(page));
      return get(`/api/ops/audit?${q}`, { schema: AuditPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}
