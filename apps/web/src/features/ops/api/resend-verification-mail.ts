import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export const resendVerificationMail = (personId: number) =>
  post(`/api/ops/persons/${personId}/verification-mail`);

export function useResendVerificationMail() {
  return useMutation({ mutationFn: resendVerificationMail });
}
