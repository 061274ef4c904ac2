import { AccountPersonSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const personKey = (personId: number) => ['person', 'one', personId] as const;

export const getPerson = (personId: number, signal?: AbortSignal) =>
  get(`/api/person/${personId}`, { schema: AccountPersonSchema, signal });

export const personQueryOptions = (personId: number) =>
  queryOptions({ queryKey: personKey(personId), queryFn: ({ signal }) => getPerson(personId, signal) });

export function usePerson(personId: number) {
  return useQuery({ ...personQueryOptions(personId), enabled: Number.isInteger(personId) && personId > 0 });
}
