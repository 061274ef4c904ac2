import { CountrySchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { get } from '../../../lib/http';

export const countryCodesQueryOptions = queryOptions({
  queryKey: ['misc', 'country-codes'],
  queryFn: ({ signal }) => get('api/misc/country-codes', { schema: z.array(CountrySchema), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCountryCodes() {
  return useQuery(countryCodesQueryOptions);
}
