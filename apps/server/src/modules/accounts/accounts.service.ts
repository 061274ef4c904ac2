import { AccountMessages, type RegisterOrganization, Rights, storedTaxId } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/domain-error';
import { createMailBudget } from '../../lib/limits/mail-budget';
import { consumeOrRefuse } from '../../lib/limits/refuse';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import { VERIFY_LINK_DAYS, verifyEmailMail } from '../../mail/templates';
import { asPerson, recordAudit } from '../audit';
import * as repo from './accounts.repository';
import { findUsableToken, issueToken, useToken } from './one-time-tokens.repository';

export const VERIFY_LIFETIME_MS = VERIFY_LINK_DAYS * 86_400_000;

/**
 * Issues the link that verifies a person's own address (on registration, for a person added, on the
 * operator's resend) and answers what each mail carrying it is given.
 */
export async function issueVerifyLink(
  tx: DbOrTx,
  a: {
    person: { id: number; email: string; firstName: string };
    companyName: string;
    publicUrl: string;
    now: Date;
  },
) {
  const token = await issueToken(tx, {
    kind: 'verify',
    personId: a.person.id,
    email: a.person.email,
    now: a.now,
    lifetimeMs: VERIFY_LIFETIME_MS,
  });
  return {
    publicUrl: a.publicUrl,
    to: a.person.email,
    firstName: a.person.firstName,
    companyName: a.companyName,
    token,
  };
}

const ADMIN_RIGHTS = Rights.User | Rights.Admin;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'limits'>;

export function createAccountsService({ db, clock, config, limits }: Deps) {
  const publicUrl = config.publicUrl;
  const mailBudget = createMailBudget(limits);

  return {
    /** POST /api/organization/register: the organization and its admin together, or neither. */
    async registerOrganization(input: RegisterOrganization, clientIp: string) {
      // A known code in capitals: the schema checked it (core's countryField).
      const country = input.organization.country;
      assertAcceptablePassword(input.admin.password, {
        email: input.admin.email,
        organizationName: input.organization.orgName,
      });
      await consumeOrRefuse(limits.accounts.registrations, clientIp, AccountMessages.tooManyRegistrations);
      await mailBudget.spend('registration', input.admin.email);
      const passwordHash = await hashPassword(input.admin.password);
      const now = clock.now();
      const { organization, person } = await db.transaction(async (tx) => {
        const organization = await repo.insertOrganization(tx, {
          companyName: input.organization.orgName,
          addr1: input.organization.addr1,
          addr2: input.organization.addr2 ?? '',
          city: input.organization.city,
          state: input.organization.state ?? '',
          country,
          zip: input.organization.zip,
          taxId: storedTaxId(input.organization.taxId),
        });
        const person = await repo.insertPerson(tx, {
          organizationId: organization.id,
          rights: ADMIN_RIGHTS,
          passwordHash,
          firstName: input.admin.firstName,
          lastName: input.admin.lastName,
          email: input.admin.email,
          emailVerified: false,
        });
        await recordAudit(tx, 'organization.registered', { after: organization, actor: asPerson(person) });
        await recordAudit(tx, 'person.created', { after: person, actor: asPerson(person) });
        const link = await issueVerifyLink(tx, {
          person,
          companyName: organization.companyName,
          publicUrl,
          now,
        });
        await enqueueMail(tx, verifyEmailMail(link));
        return { organization, person };
      });
      return { organizationId: organization.id, personId: person.id, email: person.email };
    },

    /** POST api/person/verify_email/{verifyId}: a new account's address, or a changed address. */
    async verifyEmail(token: string, clientIp: string) {
      const now = clock.now();
      const invalid = { success: false, email: null, error: AccountMessages.verifyLinkInvalid };
      const answer = await db.transaction(async (tx) => {
        const row = await findUsableToken(tx, token, ['verify', 'email-change'], now);
        if (!row || row.personId === null) return invalid;
        const person = await repo.findPerson(tx, row.personId);
        if (!person) return invalid;
        if (row.kind === 'email-change' && row.newEmail) {
          if (await repo.emailTakenInOrganization(tx, person.organizationId, row.newEmail, person.id)) {
            throw conflict(AccountMessages.emailInUse);
          }
          if (!(await useToken(tx, row.id, now))) return invalid;
          const after = await repo.updatePerson(tx, person.id, { email: row.newEmail, emailVerified: true });
          await recordAudit(tx, 'person.email-verified', { before: person, after, actor: asPerson(person) });
          return { success: true, email: row.newEmail, error: null };
        }
        // A verify link is for the address it was sent to; a later change of address voids it.
        if (person.email.toLowerCase() !== row.email) return invalid;
        if (!(await useToken(tx, row.id, now))) return invalid;
        const after = await repo.updatePerson(tx, person.id, { emailVerified: true });
        await recordAudit(tx, 'person.email-verified', { before: person, after, actor: asPerson(person) });
        return { success: true, email: person.email, error: null };
      });
      // A link that did not work counts against the address (guessing links); past the limit, 429.
      if (!answer.success) {
        await consumeOrRefuse(limits.accounts.linkFailures, clientIp, AccountMessages.tooManyRequests);
      }
      return answer;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
