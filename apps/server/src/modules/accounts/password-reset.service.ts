import { AccountMessages, Messages, type ResetPasswordRequest } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../lib/domain-error';
import { createMailBudget } from '../../lib/limits/mail-budget';
import { consumeOrRefuse } from '../../lib/limits/refuse';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import { RESET_LINK_HOURS, resetPasswordMail } from '../../mail/templates';
import { asPerson, recordAudit } from '../audit';
import * as repo from './accounts.repository';
import type { BackgroundTasks } from './background';
import { findUsableToken, issueToken, useToken } from './one-time-tokens.repository';

const HOUR = 3_600_000;
const RESET_LIFETIME_MS = RESET_LINK_HOURS * HOUR;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions' | 'limits'> & {
  background: BackgroundTasks;
};

export function createPasswordResetService({ db, clock, config, sessions, limits, background }: Deps) {
  const mailBudget = createMailBudget(limits);
  /** A link that did not work counts against the address (guessing links); past the limit, 429. */
  const linkFailed = (clientIp: string) =>
    consumeOrRefuse(limits.accounts.linkFailures, clientIp, AccountMessages.tooManyRequests);
  return {
    /**
     * GET api/person/password_reset_request/{address}. The answer and its timing never depend on
     * the address: the lookup, the per-address throttle and the mail all run after the answer.
     * One link covers every organization of the address (the Set Password screen picks one).
     */
    async requestReset(address: string, clientIp: string) {
      await consumeOrRefuse(limits.accounts.resetRequests, clientIp, AccountMessages.tooManyRequests);
      const email = address.trim().toLowerCase();
      background.run('password reset mail', async () => {
        const now = clock.now();
        const persons = await repo.personsByEmail(db, email);
        if (persons.length === 0) return;
        if (!(await mailBudget.spendQuietly('password-reset', email))) return;
        await db.transaction(async (tx) => {
          const token = await issueToken(tx, {
            kind: 'reset',
            personId: null,
            email,
            now,
            lifetimeMs: RESET_LIFETIME_MS,
          });
          const to = persons[0]!.person.email;
          await enqueueMail(tx, resetPasswordMail({ publicUrl: config.publicUrl, to, token }));
        });
      });
      return { success: true as const, message: AccountMessages.resetRequested };
    },

    /** GET api/person/valid_reset_request/{resetId}. */
    async checkReset(token: string, clientIp: string) {
      const valid = (await findUsableToken(db, token, ['reset'], clock.now())) !== null;
      if (!valid) await linkFailed(clientIp);
      return { valid };
    },

    /**
     * POST api/person/reset_password/{resetId}. Several organizations and none chosen: the answer
     * lists them (like login) and the link stays usable. Otherwise the chosen person's password
     * changes, the link is used up and every token of that person is revoked.
     */
    async resetPassword(token: string, input: ResetPasswordRequest, clientIp: string) {
      const now = clock.now();
      const link = await findUsableToken(db, token, ['reset'], now);
      if (!link) {
        await linkFailed(clientIp);
        throw new DomainError('RESET_LINK_INVALID', AccountMessages.resetLinkInvalid);
      }
      if (input.email.trim().toLowerCase() !== link.email)
        throw new DomainError('RESET_EMAIL_MISMATCH', AccountMessages.resetEmailMismatch);

      const candidates = await repo.personsByEmail(db, link.email);
      const chosen =
        input.orgId == null ? candidates : candidates.filter((c) => c.person.organizationId === input.orgId);
      if (chosen.length === 0) {
        if (input.orgId != null)
          throw new DomainError('RESET_ORGANIZATION', AccountMessages.resetOrganizationUnknown);
        throw new DomainError('RESET_LINK_INVALID', AccountMessages.resetLinkInvalid);
      }
      if (chosen.length > 1) {
        return {
          success: false,
          possibleOrganizations: chosen.map((c) => ({
            organizationId: c.person.organizationId,
            companyName: c.companyName,
          })),
          error: Messages.multipleOrganizations,
        };
      }
      const person = chosen[0]!.person;
      assertAcceptablePassword(input.password, {
        email: person.email,
        organizationName: chosen[0]!.companyName,
      });
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await useToken(tx, link.id, now)))
          throw new DomainError('RESET_LINK_INVALID', AccountMessages.resetLinkInvalid);
        // The link reached this mailbox, which proves the address as well as a verify link would.
        const after = await repo.updatePerson(tx, person.id, { passwordHash, emailVerified: true });
        await recordAudit(tx, 'person.password-reset', { before: person, after, actor: asPerson(person) });
      });
      await sessions.revokeAllFor(person.id);
      return { success: true, possibleOrganizations: [], error: null };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
