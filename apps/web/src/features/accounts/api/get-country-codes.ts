import { type Country, CountrySchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { get } from '../../../lib/http';

export const getCountryCodes = (signal?: AbortSignal) =>
  get('api/misc/country-codes', { schema: z.array(CountrySchema), signal });

export const countryCodesQueryOptions = queryOptions({
  queryKey: ['misc', 'country-codes'],
  queryFn: ({ signal }) => getCountryCodes(signal),
  staleTime: Number.POSITIVE_INFINITY,
  // Without the list the form still shows; the select is then empty rather than the screen failing.
  meta: { silent: true },
});

export function useCountryCodes(): Country[] {
  return useQuery(countryCodesQueryOptions).data ?? [];
}
