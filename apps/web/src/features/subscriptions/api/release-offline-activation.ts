import { ReleasedActivationSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { machinesKey } from './get-machines';

export const releaseOfflineActivation = ({
  subscriptionId,
  code,
}: {
  subscriptionId: number;
  code: string;
}) =>
  post(
    `/api/subscription/${subscriptionId}/offline-activations/release`,
    { code },
    { schema: ReleasedActivationSchema },
  );

/** Enter release code: the offline engine's seat is free at once. */
export function useReleaseOfflineActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOfflineActivation,
    onSettled: (_data, _error, { subscriptionId }) =>
      queryClient.invalidateQueries({ queryKey: machinesKey(subscriptionId) }),
  });
}
