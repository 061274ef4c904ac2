import { PersonSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const getCurrentPerson = (signal?: AbortSignal) =>
  get('/api/person/current', { schema: PersonSchema, signal });

export const currentPersonQueryOptions = queryOptions({
  queryKey: ['person', 'current'],
  queryFn: ({ signal }) => getCurrentPerson(signal),
  // Spec §7: a failure of the current-user call is ignored silently (a 401 still logs out).
  meta: { silent: true },
});

export function useCurrentPerson(enabled = true) {
  return useQuery({ ...currentPersonQueryOptions, enabled });
}
