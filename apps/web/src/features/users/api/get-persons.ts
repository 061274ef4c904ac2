import { PersonSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { get } from '../../../lib/http';

export const personsKey = ['person', 'all'] as const;

export const getPersons = (signal?: AbortSignal) =>
  get('/api/person/all', { schema: z.array(PersonSchema), signal });

export const personsQueryOptions = queryOptions({
  queryKey: personsKey,
  queryFn: ({ signal }) => getPersons(signal),
});

export function usePersons() {
  return useQuery(personsQueryOptions);
}
