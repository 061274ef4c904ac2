import { OpsPersonActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const resetTwoFactor = (v: { organizationId: number; personId: number }) =>
  post(
    `/api/ops/organizations/${v.organizationId}/persons/${v.personId}/two-factor-reset`,
    {},
    { schema: OpsPersonActionAnswerSchema },
  );

export const useResetTwoFactor = () => useOrganizationAction(resetTwoFactor);
