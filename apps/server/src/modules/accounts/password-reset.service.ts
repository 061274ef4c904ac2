import { AccountMessages, Messages, type ResetPasswordRequest } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { badRequest, HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { hitRateLimit } from '../../lib/rate-limit';
import { RESET_LINK_HOURS, resetPasswordMail } from '../../mail/templates';
import * as repo from './accounts.repository';
import type { BackgroundTasks } from './background';
import { findUsableToken, issueToken, useToken } from './one-time-tokens';

const HOUR = 3_600_000;
const RESET_LIFETIME_MS = RESET_LINK_HOURS * HOUR;
/** Mails per e-mail address per hour: enough for a lost mail or two, too few to flood a mailbox. */
export const RESET_MAILS_PER_ADDRESS = 3;
/** Requests per client address per 15 minutes. */
const REQUESTS_PER_CLIENT = 30;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'sessions'> & {
  background: BackgroundTasks;
};

export function createPasswordResetService({ db, clock, mailer, config, sessions, background }: Deps) {
  return {
    /**
     * GET api/person/password_reset_request/{address}. The answer and its timing never depend on
     * the address: the lookup, the per-address throttle and the mail all run after the answer.
     * One link covers every organization of the address (the Set Password screen picks one).
     */
    async requestReset(address: string, clientIp: string) {
      if (!(await hitRateLimit(db, clock, `reset-ip:${clientIp}`, REQUESTS_PER_CLIENT, 15 * 60_000))) {
        throw new HttpError(429, AccountMessages.tooManyRequests);
      }
      const email = address.trim().toLowerCase();
      background.run('password reset mail', async () => {
        const now = clock.now();
        const persons = await repo.personsByEmail(db, email);
        if (persons.length === 0) return;
        if (!(await hitRateLimit(db, clock, `reset-mail:${email}`, RESET_MAILS_PER_ADDRESS, HOUR))) return;
        const token = await issueToken(db, {
          kind: 'reset',
          personId: null,
          email,
          now,
          lifetimeMs: RESET_LIFETIME_MS,
        });
        await mailer.send(
          resetPasswordMail({ publicUrl: config.publicUrl, to: persons[0]!.person.email, token }),
        );
      });
      return { success: true as const, message: AccountMessages.resetRequested };
    },

    /** GET api/person/valid_reset_request/{resetId}. */
    async checkReset(token: string) {
      return { valid: (await findUsableToken(db, token, ['reset'], clock.now())) !== null };
    },

    /**
     * POST api/person/reset_password/{resetId}. Several organizations and none chosen: the answer
     * lists them (like login) and the link stays usable. Otherwise the chosen person's password
     * changes, the link is used up and every token of that person is revoked.
     */
    async resetPassword(token: string, input: ResetPasswordRequest) {
      const now = clock.now();
      const link = await findUsableToken(db, token, ['reset'], now);
      if (!link) throw badRequest(AccountMessages.resetLinkInvalid, 'RESET_LINK_INVALID');
      if (input.email.trim().toLowerCase() !== link.email)
        throw badRequest(AccountMessages.resetEmailMismatch, 'RESET_EMAIL_MISMATCH');

      const candidates = await repo.personsByEmail(db, link.email);
      const chosen =
        input.orgId == null ? candidates : candidates.filter((c) => c.person.organizationId === input.orgId);
      if (chosen.length === 0) {
        if (input.orgId != null)
          throw badRequest(AccountMessages.resetOrganizationUnknown, 'RESET_ORGANIZATION');
        throw badRequest(AccountMessages.resetLinkInvalid, 'RESET_LINK_INVALID');
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
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await useToken(tx, link.id, now)))
          throw badRequest(AccountMessages.resetLinkInvalid, 'RESET_LINK_INVALID');
        // The link reached this mailbox, which proves the address as well as a verify link would.
        await repo.updatePerson(tx, person.id, { passwordHash, emailVerified: true });
      });
      await sessions.revokeAllFor(person.id);
      return { success: true, possibleOrganizations: [], error: null };
    },
  };
}
