import { type ResetPasswordRequest, ResetPasswordResponseSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export const resetPassword = ({ resetId, body }: { resetId: string; body: ResetPasswordRequest }) =>
  post(`api/person/reset_password/${encodeURIComponent(resetId)}`, body, {
    schema: ResetPasswordResponseSchema,
  });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
