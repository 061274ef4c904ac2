import { OpsPersonActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const demoteAdmin = (v: { organizationId: number; personId: number }) =>
  post(
    `/api/ops/organizations/${v.organizationId}/persons/${v.personId}/demote`,
    {},
    { schema: OpsPersonActionAnswerSchema },
  );

export const useDemoteAdmin = () => useOrganizationAction(demoteAdmin);
