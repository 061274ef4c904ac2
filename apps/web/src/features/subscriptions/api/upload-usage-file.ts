import { type UsageFile, UsageFileResultSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { subscriptionsKey } from './get-subscriptions';

export const uploadUsageFile = ({
  subscriptionId,
  usageFile,
}: {
  subscriptionId: number;
  usageFile: UsageFile;
}) =>
  post(`/api/subscription/${subscriptionId}/usage-files`, { usageFile }, { schema: UsageFileResultSchema });

/** Upload usage file: the offline site's reports are counted, so the usage figures are read again. */
export function useUploadUsageFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadUsageFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
