import { OpsCancellationReasonsSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

/** GET /api/ops/cancellation-reasons: the last `months` months, per month and plan. */
export const getCancellationReasons = (months: number, signal?: AbortSignal) =>
  get(`/api/ops/cancellation-reasons?months=${months}`, { schema: OpsCancellationReasonsSchema, signal });

export function useCancellationReasons(months: number) {
  return useQuery({
    queryKey: [...opsKeys.cancellations, months],
    queryFn: ({ signal }) => getCancellationReasons(months, signal),
    placeholderData: keepPreviousData,
    // Customers cancel outside the console: each visit asks again.
    staleTime: 0,
  });
}
