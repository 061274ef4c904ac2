import { type AuditKind, AuditPageSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

/** The Activity screen's filters; empty ones are left out of the query. */
export interface ActivityFilters {
  personId: number | null;
  kind: AuditKind | null;
  from: string;
  to: string;
  page: number;
}

export const noFilters: ActivityFilters = { personId: null, kind: null, from: '', to: '', page: 1 };

export function activityQueryString(f: ActivityFilters): string {
  const q = new URLSearchParams();
  if (f.personId !== null) q.set('personId', String(f.personId));
  if (f.kind) q.set('kind', f.kind);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.page > 1) q.set('page', String(f.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** GET /api/organization/activity: one page of the organization's audit log (docs/decisions/017). */
export function useActivity(filters: ActivityFilters) {
  return useQuery({
    queryKey: ['organization', 'activity', filters],
    queryFn: ({ signal }) =>
      get(`/api/organization/activity${activityQueryString(filters)}`, { schema: AuditPageSchema, signal }),
    // The table keeps the page shown while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}
