import { type ClaimedDomain, normalDomain, SsoMessages } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { toDomainDto } from './domain-dto';
import * as repo from './sso.repository';

/**
 * The store's operator verifies a domain an admin could not show as their own address's, from the
 * console's organization page or `npm run ops -- org:verify-domain`, through this one service; a
 * domain verified for another organization is refused.
 */
export function createSsoOperatorService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** The console's organization page: every domain the organization claimed, pending or verified. */
    async listDomains(organizationId: number) {
      return (await repo.listDomains(db, organizationId)).map(toDomainDto);
    },

    async verifyDomainByOperator(organizationId: number, typed: string): Promise<ClaimedDomain> {
      const domain = normalDomain(typed);
      if (!domain) throw badRequest(SsoMessages.domainInvalid, 'domain');
      return db.transaction(async (tx) => {
        const row = await repo.findDomain(tx, organizationId, domain);
        if (!row) throw notFound(SsoMessages.domainNotFound);
        if (row.verifiedAt) return toDomainDto(row);
        const taken = await repo.verifiedClaim(tx, domain);
        if (taken) throw conflict(SsoMessages.domainTaken);
        const verified = await repo.verifyDomain(tx, row.id, 'operator', clock.now());
        await recordAudit(tx, 'sso-domain.verified', { before: row, after: verified });
        return toDomainDto(verified);
      });
    },
  };
}
