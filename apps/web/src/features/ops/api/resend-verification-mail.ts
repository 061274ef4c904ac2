import { OkSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { post } from '../../../lib/http';

/** Answers the sentence to show: to whom the new link was mailed. */
export const resendVerificationMail = (personId: number) =>
  post(
    `/api/ops/persons/${personId}/verification-mail`,
    {},
    { schema: z.extend(OkSchema, { message: z.string() }) },
  );

export function useResendVerificationMail() {
  return useMutation({ mutationFn: resendVerificationMail });
}
