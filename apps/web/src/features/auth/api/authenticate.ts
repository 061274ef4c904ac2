import { type LoginRequest, type LoginResponse, LoginResponseSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export const authenticate = (request: LoginRequest): Promise<LoginResponse> =>
  post('/api/authenticate', { ...request, rememberMe: true }, { schema: LoginResponseSchema });

/** Spec §8: an HTTP failure of login shows in the alert (via the global mutation cache). */
export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
