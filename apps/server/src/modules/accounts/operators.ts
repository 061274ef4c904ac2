import { Rights } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { RESET_LINK_HOURS, resetPasswordMail } from '../../mail/templates';
import { recordAudit } from '../audit';
import * as repo from './accounts.repository';
import { issueToken } from './one-time-tokens.repository';

// The store's operators (docs/decisions/015): persons with the operator's rights bit in the store's own
// organization. Only the operator's tool grants or removes the bit; person bodies never can
// (grantableRights in core).

/** The name of the organization that holds the operators; customers never see it. */
export const STORE_ORGANIZATION_NAME = 'Licensed Software Store (operators)';

/** The store's own organization, created the first time an operator is added. */
async function storeOrganizationId(tx: DbOrTx): Promise<number> {
  const found = await repo.findStoreOrganizationId(tx);
  if (found !== null) return found;
  await repo.insertStoreOrganization(tx, STORE_ORGANIZATION_NAME);
  return (await repo.findStoreOrganizationId(tx))!;
}

export interface NewOperator {
  email: string;
  firstName: string;
  lastName: string;
  /** An argon2 hash; without one the person cannot sign in until they set a password by link. */
  passwordHash: string;
}

type Deps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppDeps['config'], 'publicUrl'> };

/** The operators, kept by accounts because an operator is a person of the store's own organization. */
export function createOperatorsService({ db, clock, config }: Deps) {
  return {
    /**
     * Makes the person with this e-mail in the store's organization an operator, creating them when
     * needed (e-mail verified: the operator's tool vouches for it). Their first sign-in enrols
     * two-factor before anything else (session.service). In one transaction with its audit entries
     * (docs/decisions/017).
     */
    addOperator(input: NewOperator): Promise<{ personId: number; created: boolean }> {
      return db.transaction(async (tx) => {
        const organizationId = await storeOrganizationId(tx);
        const email = input.email.trim().toLowerCase();
        const existing = await repo.findPersonByEmailInOrganization(tx, organizationId, email);
        if (existing) {
          const after = await repo.updatePerson(tx, existing.id, {
            rights: existing.rights | Rights.User | Rights.Operator,
          });
          await recordAudit(tx, 'person.updated', { before: existing, after });
          return { personId: existing.id, created: false };
        }
        const made = await repo.insertPerson(tx, {
          organizationId,
          rights: Rights.User | Rights.Operator,
          passwordHash: input.passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          emailVerified: true,
        });
        await recordAudit(tx, 'person.created', { after: made });
        return { personId: made.id, created: true };
      });
    },

    /**
     * Removes an operator: the person leaves the store's organization altogether (their sessions,
     * two-factor enrolment and links go with them by cascade). False when there was no such operator.
     */
    removeOperator(emailText: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const email = emailText.trim().toLowerCase();
        const organizationId = await storeOrganizationId(tx);
        const gone = await repo.deletePersonsByEmailInOrganization(tx, organizationId, email);
        for (const before of gone) await recordAudit(tx, 'person.deleted', { before });
        return gone.length > 0;
      });
    },

    /** The operators, by name. */
    listOperators: () => repo.listOperators(db),

    /**
     * Mails a new operator a link to choose their password (valid RESET_LINK_HOURS): the operator's
     * tool gives them one nobody knows. The link and its mail in one transaction: the outbox sends it.
     */
    async mailPasswordLink(emailText: string): Promise<void> {
      const email = emailText.trim().toLowerCase();
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, {
          kind: 'reset',
          personId: null,
          email,
          now: clock.now(),
          lifetimeMs: RESET_LINK_HOURS * 3_600_000,
        });
        await enqueueMail(tx, resetPasswordMail({ publicUrl: config.publicUrl, to: email, token }));
      });
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
