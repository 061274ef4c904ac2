import { TrialedPlansSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

/** The plans whose free trial the signed-in organization has already started (docs/decisions/043). */
export const getTrialedPlans = (signal?: AbortSignal) =>
  get('/api/organization/trials', { schema: TrialedPlansSchema, signal });

export const trialedPlansQueryKey = (organizationId: number | null) =>
  ['organization', 'trials', organizationId] as const;

/** The organization's started trials; none for a visitor, who is offered every trial. */
export function useTrialedPlans(organizationId: number | null) {
  return useQuery({
    queryKey: trialedPlansQueryKey(organizationId),
    queryFn: ({ signal }) => getTrialedPlans(signal),
    enabled: organizationId !== null,
  });
}
