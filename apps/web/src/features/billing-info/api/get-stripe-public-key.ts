import { StripePublicKeySchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const stripePublicKeyQueryOptions = queryOptions({
  queryKey: ['misc', 'stripePublicKey'],
  queryFn: ({ signal }) => get('api/misc/stripePublicKey', { schema: StripePublicKeySchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useStripePublicKey(enabled: boolean) {
  return useQuery({ ...stripePublicKeyQueryOptions, enabled });
}
