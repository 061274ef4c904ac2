import { ResetRequestAnswerSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const requestPasswordReset = (address: string) =>
  get(`api/person/password_reset_request/${encodeURIComponent(address)}`, {
    schema: ResetRequestAnswerSchema,
  });

/** A GET by the spec (§7), but it sends a mail: a mutation, never cached or retried. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
