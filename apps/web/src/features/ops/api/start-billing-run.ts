import { BillingRunSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

export const startBillingRun = () => post('/api/ops/billing-runs', {}, { schema: BillingRunSchema });

export function useStartBillingRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBillingRun,
    // A run renews, charges and deactivates: every list of the console may have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
