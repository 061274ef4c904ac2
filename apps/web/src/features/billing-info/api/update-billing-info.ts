import { type BillingInfo, OrganizationSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCurrentUser } from '../../../lib/current-user';
import { put } from '../../../lib/http';
import { currentOrganizationQueryOptions } from '../../auth';
import { billingDescriptionQueryOptions } from './get-billing-description';

export const updateBillingInfo = (info: BillingInfo) =>
  put('api/organization/billing_info', info, { schema: OrganizationSchema });

export function useUpdateBillingInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingInfo,
    onSuccess: async (organization) => {
      // The stored user's organization decides where Proceed To Checkout goes (hasBillingInfo).
      updateCurrentUser({ organization });
      // Every cached copy of the current organization (the cart and checkout key theirs by organization)
      // holds the new billing information before the caller navigates back to checkout.
      queryClient.setQueriesData({ queryKey: currentOrganizationQueryOptions.queryKey }, organization);
      await queryClient.invalidateQueries({ queryKey: billingDescriptionQueryOptions.queryKey });
    },
  });
}
