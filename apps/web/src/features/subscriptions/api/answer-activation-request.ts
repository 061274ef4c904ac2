import { type ActivationRequestFile, OfflineActivationResultSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/download';
import { post } from '../../../lib/http';
import { machinesKey } from './get-machines';

export const answerActivationRequest = ({
  subscriptionId,
  request,
}: {
  subscriptionId: number;
  request: ActivationRequestFile;
}) =>
  post(
    `/api/subscription/${subscriptionId}/offline-activations`,
    { request },
    { schema: OfflineActivationResultSchema },
  );

/** Uploads an engine's activation request; the signed answer is saved as a file for `install`. */
export function useAnswerActivationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { subscriptionId: number; request: ActivationRequestFile }) => {
      const answer = await answerActivationRequest(input);
      saveBlob(new Blob([answer.licenseFile], { type: 'text/plain' }), answer.fileName);
      return answer;
    },
    onSettled: (_data, _error, { subscriptionId }) =>
      queryClient.invalidateQueries({ queryKey: machinesKey(subscriptionId) }),
  });
}
