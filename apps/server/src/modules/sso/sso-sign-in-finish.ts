import { emailDomain, type SsoDefaultRole, ssoDefaultRights } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { hashToken, randomToken } from '../../lib/tokens';
import type { OrganizationsService } from '../accounts';
import { recordAudit } from '../audit';
import * as repo from './sso.repository';
import { SsoRefused } from './sso-refused';

/** The one-time ticket the web trades for the session right after the redirect. */
export const TICKET_LIFETIME_MS = 60_000;

export type FinishDeps = Pick<AppDeps, 'db' | 'clock'> & {
  organizations: Pick<OrganizationsService, 'findOrProvisionSsoPerson'>;
};

/**
 * The checks both protocols make of the attempt their provider's answer names, before reading the
 * answer: unused, unexpired, spent now (once, even against a racing replay), and its organization
 * still signs in with this protocol.
 */
export async function spendAttempt(
  deps: Pick<FinishDeps, 'db' | 'clock'>,
  attempt: repo.SsoAttemptRow,
  protocol: VouchedPerson['protocol'],
) {
  const { organizationId } = attempt;
  if (attempt.usedAt) throw new SsoRefused('replayed', organizationId);
  const now = deps.clock.now();
  if (attempt.expiresAt.getTime() <= now.getTime()) throw new SsoRefused('expired', organizationId);
  if (!(await repo.useAttempt(deps.db, attempt.id, now))) throw new SsoRefused('replayed', organizationId);
  const config = await repo.findConfig(deps.db, organizationId);
  if (config?.kind !== protocol) throw new SsoRefused('not-offered', organizationId);
  return { config, now };
}

/** Who the provider vouched for, once its answer passed every check of its protocol. */
export interface VouchedPerson {
  protocol: 'oidc' | 'saml';
  attemptId: number;
  organizationId: number;
  email: string;
  firstName: string;
  lastName: string;
  defaultRole: SsoDefaultRole;
}

/**
 * The end both protocols share: the address must be at a domain the attempt's organization holds
 * verified; the person is found or created just in time with the organization's default role, and
 * the attempt gets the one-time ticket the web trades for the session. The sign-in is audited.
 */
export async function finishSignIn(deps: FinishDeps, vouched: VouchedPerson) {
  const email = vouched.email.trim().toLowerCase();
  const claim = email ? await repo.verifiedClaim(deps.db, emailDomain(email)) : null;
  if (!claim || claim.organizationId !== vouched.organizationId)
    throw new SsoRefused('outside-domains', vouched.organizationId);
  const ticket = randomToken(32);
  const now = deps.clock.now();
  const personId = await deps.db.transaction(async (tx) => {
    const { person } = await deps.organizations.findOrProvisionSsoPerson(tx, {
      organizationId: vouched.organizationId,
      email,
      firstName: vouched.firstName.trim().slice(0, 100) || email.split('@')[0]!,
      lastName: vouched.lastName.trim().slice(0, 100),
      rights: ssoDefaultRights(vouched.defaultRole),
    });
    // In the organization's Activity log, by the person: who came in through which protocol.
    await recordAudit(tx, 'sso.signed-in', {
      after: { kind: vouched.protocol, email },
      organizationId: vouched.organizationId,
      subject: email,
      actor: { kind: 'person', personId: person.id, name: `${person.firstName} ${person.lastName}`.trim() },
    });
    await repo.setTicket(tx, vouched.attemptId, {
      ticketHash: hashToken(ticket),
      personId: person.id,
      ticketExpiresAt: new Date(now.getTime() + TICKET_LIFETIME_MS),
    });
    return person.id;
  });
  return { ticket, personId };
}
