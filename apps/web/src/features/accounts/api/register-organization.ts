import { type RegisterOrganization, RegisterOrganizationResponseSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export const registerOrganization = (body: RegisterOrganization) =>
  post('/api/organization/register', body, { schema: RegisterOrganizationResponseSchema });

export function useRegisterOrganization() {
  return useMutation({ mutationFn: registerOrganization });
}
