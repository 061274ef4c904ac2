import { OpsPersonActionAnswerSchema } from '@store/core';
import { del } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const removePerson = (v: { organizationId: number; personId: number }) =>
  del(`/api/ops/organizations/${v.organizationId}/persons/${v.personId}`, {
    schema: OpsPersonActionAnswerSchema,
  });

export const useRemovePerson = () => useOrganizationAction(removePerson);
