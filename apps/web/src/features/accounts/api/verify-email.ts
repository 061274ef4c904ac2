import { VerifyEmailResponseSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export const verifyEmail = (verifyId: string) =>
  post(`api/person/verify_email/${encodeURIComponent(verifyId)}`, {}, { schema: VerifyEmailResponseSchema });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
