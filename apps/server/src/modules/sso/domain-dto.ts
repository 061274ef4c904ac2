import type { ClaimedDomain } from '@store/core';
import type { SsoDomainRow } from './sso.repository';

/** A claimed domain as the API answers it, to the admin and to the operator alike. */
export const toDomainDto = (row: SsoDomainRow): ClaimedDomain => ({
  domain: row.domain,
  verified: row.verifiedAt !== null,
  verifiedBy: row.verifiedBy ?? 'pending',
  createdAt: row.createdAt.toISOString(),
});
