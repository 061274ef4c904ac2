import { type ClaimedDomain, normalDomain, SsoMessages } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict, notFound } from '../../lib/domain-error';
import { toDomainDto } from './domain-dto';
import * as repo from './sso.repository';

/**
 * The store's operator verifies a domain an admin could not show as their own address's
 * (`npm run ops -- org:verify-domain`); a domain verified for another organization is refused.
 */
export function createSsoOperatorService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async verifyDomainByOperator(organizationId: number, typed: string): Promise<ClaimedDomain> {
      const domain = normalDomain(typed);
      if (!domain) throw badRequest(SsoMessages.domainInvalid, 'domain');
      return db.transaction(async (tx) => {
        const row = await repo.findDomain(tx, organizationId, domain);
        if (!row) throw notFound(SsoMessages.domainNotFound);
        if (row.verifiedAt) return toDomainDto(row);
        const taken = await repo.verifiedClaim(tx, domain);
        if (taken) throw conflict(SsoMessages.domainTaken);
        return toDomainDto(await repo.verifyDomain(tx, row.id, 'operator', clock.now()));
      });
    },
  };
}
