import {
  AccountMessages,
  type CreatePerson,
  GRANTABLE_RIGHTS,
  grantableRights,
  isAdmin,
  PersonBodyMessages,
  personBodyConflict,
  Rights,
  type UpdatePerson,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { AuthContext, PersonRow } from '../../lib/auth-context';
import { badRequest, DomainError, forbidden, notFound } from '../../lib/domain-error';
import { createMailBudget } from '../../lib/limits/mail-budget';
import { createSignInThrottle } from '../../lib/limits/sign-in-throttle';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import { addedToOrganizationMail, confirmNewEmailMail, emailChangedMail } from '../../mail/templates';
import { recordAudit } from '../audit';
import { toPersonDto } from '../identity';
import type { TwoFactorService } from '../two-factor';
import { recordEvent } from '../webhooks';
import * as repo from './accounts.repository';
import { issueVerifyLink, VERIFY_LIFETIME_MS } from './accounts.service';
import { issueToken, pendingEmailChange, retirePendingEmailChanges } from './one-time-tokens.repository';

/** PostgreSQL's unique_violation: two requests raced past the e-mail check. */
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The rights a person body asks for, as the new rights value, or null when nothing changes. Only an
 * admin changes rights, and only to what it may grant (docs/design.md §2): otherwise a 403, nothing saved.
 * Bits outside the grantable ones (the operator's) are the operator tool's and stay as they are.
 */
function requestedRights(callerIsAdmin: boolean, current: number, requested: number | undefined) {
  if (requested === undefined || requested === current) return null;
  if (!callerIsAdmin) throw forbidden(AccountMessages.onlyAdminsGrantRoles);
  const granted = grantableRights(requested);
  if (granted === null) throw forbidden(PersonBodyMessages.rightsNotGrantable);
  const next = (current & ~GRANTABLE_RIGHTS) | granted;
  return next === current ? null : next;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'limits' | 'sessions'> & {
  twoFactor: Pick<TwoFactorService, 'enabled'>;
};

/** The users of an organization: list, read, add, change, delete (docs/spec.md §2, docs/design.md §2). */
export function createPersonsService({ db, clock, config, limits, sessions, twoFactor }: Deps) {
  const publicUrl = config.publicUrl;
  const mailBudget = createMailBudget(limits);
  const throttle = createSignInThrottle({ limits, clock });

  /**
   * docs/design.md §4: changing one's own password or e-mail needs the current password, checked like a
   * sign-in (a wrong one counts against the same throttles), so a stolen session cannot take over
   * the account.
   */
  async function requireCurrentPassword(
    person: PersonRow,
    currentPassword: string | undefined,
    clientIp: string,
  ) {
    if (!currentPassword) {
      throw new DomainError('CURRENT_PASSWORD_REQUIRED', PersonBodyMessages.currentPasswordRequired, {
        extra: { field: 'currentPassword' },
      });
    }
    const right = await throttle.attempt(person.email.toLowerCase(), clientIp, async () => {
      const ok = await verifyPassword(person.passwordHash, currentPassword);
      return { failed: !ok, value: ok };
    });
    if (!right)
      throw new DomainError('CURRENT_PASSWORD_WRONG', PersonBodyMessages.currentPasswordWrong, {
        extra: { field: 'currentPassword' },
      });
  }

  /** Another organization's person, or none: 404 either way (docs/design.md §4). */
  async function personOfCaller(auth: AuthContext, personId: number): Promise<PersonRow> {
    const person = await repo.findPersonInOrganization(db, auth.organization.id, personId);
    if (!person) throw notFound('No such user in your organization.');
    return person;
  }

  /** Read access: yourself, or anyone of your organization if you are its admin. */
  async function readablePerson(auth: AuthContext, personId: number): Promise<PersonRow> {
    const person = await personOfCaller(auth, personId);
    if (person.id !== auth.person.id && !isAdmin(auth.person))
      throw forbidden(AccountMessages.onlyOwnAccount);
    return person;
  }

  async function withPending(person: PersonRow) {
    return {
      ...toPersonDto(person),
      pendingEmail: await pendingEmailChange(db, person.id, clock.now()),
      twoFactorEnabled: await twoFactor.enabled(person.id),
    };
  }

  return {
    async listPersons(auth: AuthContext) {
      const rows = await repo.listPersons(db, auth.organization.id);
      return rows.map(toPersonDto);
    },

    async getPerson(auth: AuthContext, personId: number) {
      return withPending(await readablePerson(auth, personId));
    },

    /** POST /api/person/create (admin): a plain user unless rights say 3; mailed a link to verify the address. */
    async createPerson(auth: AuthContext, input: CreatePerson) {
      const contradiction = personBodyConflict(input, {
        personId: null,
        organizationId: auth.organization.id,
        emailVerified: false,
        pendingEmail: null,
        twoFactorEnabled: false,
        deactivated: false,
      });
      if (contradiction) throw badRequest(contradiction.message, contradiction.field);
      const rights = requestedRights(true, Rights.User, input.rights) ?? Rights.User;
      assertAcceptablePassword(input.password, {
        email: input.email,
        organizationName: auth.organization.companyName,
      });
      await mailBudget.spend('new-user', input.email, auth.organization.id);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      let created: PersonRow;
      try {
        created = await db.transaction(async (tx) => {
          if (await repo.emailTakenInOrganization(tx, auth.organization.id, input.email)) {
            throw new DomainError('EMAIL_IN_USE', AccountMessages.emailInUse);
          }
          const person = await repo.insertPerson(tx, {
            organizationId: auth.organization.id,
            rights,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? '',
            email: input.email,
            emailVerified: false,
          });
          await recordAudit(tx, 'person.created', { after: person });
          await recordEvent(tx, person.organizationId, 'user.created', toPersonDto(person));
          const companyName = auth.organization.companyName;
          const link = await issueVerifyLink(tx, { person, companyName, publicUrl, now });
          const addedBy = `${auth.person.firstName} ${auth.person.lastName}`;
          await enqueueMail(tx, addedToOrganizationMail({ ...link, addedBy }));
          return person;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('EMAIL_IN_USE', AccountMessages.emailInUse);
        throw error;
      }
      return withPending(created);
    },

    /** DELETE /api/person/{id} (admin): never yourself, never the last admin; the person's tokens go with it. */
    async deletePerson(auth: AuthContext, personId: number) {
      const target = await personOfCaller(auth, personId);
      if (target.id === auth.person.id)
        throw new DomainError('CANNOT_DELETE_SELF', AccountMessages.cannotDeleteYourself);
      await db.transaction(async (tx) => {
        const admins = await repo.lockAndCountAdmins(tx, auth.organization.id);
        if (repo.isActiveAdmin(target) && admins <= 1)
          throw new DomainError('LAST_ADMIN', AccountMessages.lastAdminDelete);
        // Sessions and one-time tokens cascade with the person row.
        await repo.deletePerson(tx, target.id);
        await recordAudit(tx, 'person.deleted', { before: target });
        await recordEvent(tx, target.organizationId, 'user.deleted', toPersonDto(target));
      });
      return { success: true as const };
    },

    /**
     * POST /api/person/update/{personId}. Only the fields sent change. A new password ends the
     * person's other sessions; a new e-mail counts once confirmed from the new address, and the old
     * address is told (docs/design.md §4).
     */
    async updatePerson(auth: AuthContext, personId: number, input: UpdatePerson, clientIp: string) {
      const target = await personOfCaller(auth, personId);
      const self = target.id === auth.person.id;
      const callerIsAdmin = isAdmin(auth.person);
      if (!self && !callerIsAdmin) throw forbidden(AccountMessages.onlyOwnAccount);
      const now = clock.now();
      const contradiction = personBodyConflict(input, {
        personId: target.id,
        organizationId: target.organizationId,
        emailVerified: target.emailVerified,
        pendingEmail: await pendingEmailChange(db, target.id, now),
        twoFactorEnabled: await twoFactor.enabled(target.id),
        deactivated: target.deactivatedAt !== null,
      });
      if (contradiction) throw badRequest(contradiction.message, contradiction.field);
      const rights = requestedRights(callerIsAdmin, target.rights, input.rights);
      const emailChange =
        input.email !== undefined && input.email.toLowerCase() !== target.email.toLowerCase()
          ? input.email
          : null;
      if (self && (emailChange !== null || input.password !== undefined)) {
        await requireCurrentPassword(target, input.currentPassword, clientIp);
      }
      if (input.password !== undefined) {
        assertAcceptablePassword(input.password, {
          email: emailChange ?? target.email,
          organizationName: auth.organization.companyName,
        });
      }
      if (emailChange !== null) await mailBudget.spend('address-change', emailChange, auth.organization.id);
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

      const person = await db.transaction(async (tx) => {
        const values: Partial<repo.NewPerson> = {};
        if (input.firstName !== undefined) values.firstName = input.firstName;
        if (input.lastName !== undefined) values.lastName = input.lastName;
        if (input.phone !== undefined) values.phone = input.phone ?? '';
        // Only the letter case differs: the same mailbox, nothing to confirm.
        if (input.email !== undefined && emailChange === null) values.email = input.email;
        if (passwordHash !== undefined) values.passwordHash = passwordHash;
        if (rights !== null) {
          const admins = await repo.lockAndCountAdmins(tx, target.organizationId);
          const demoted = repo.isActiveAdmin(target) && !isAdmin({ rights });
          if (demoted && admins <= 1) throw new DomainError('LAST_ADMIN', AccountMessages.lastAdminDemote);
          values.rights = rights;
        }
        const updated =
          Object.keys(values).length > 0 ? await repo.updatePerson(tx, target.id, values) : target;
        if (updated !== target) await recordAudit(tx, 'person.updated', { before: target, after: updated });
        if (passwordHash !== undefined)
          await sessions.revokeAllFor(target.id, self ? auth.sessionId : undefined, tx);
        if (emailChange) {
          if (await repo.emailTakenInOrganization(tx, target.organizationId, emailChange, target.id)) {
            throw new DomainError('EMAIL_IN_USE', AccountMessages.emailInUse);
          }
          await retirePendingEmailChanges(tx, target.id, now);
          const token = await issueToken(tx, {
            kind: 'email-change',
            personId: target.id,
            email: target.email,
            newEmail: emailChange,
            now,
            lifetimeMs: VERIFY_LIFETIME_MS,
          });
          const mail = { firstName: updated.firstName, companyName: auth.organization.companyName };
          await enqueueMail(tx, confirmNewEmailMail({ ...mail, publicUrl, to: emailChange, token }));
          await enqueueMail(tx, emailChangedMail({ ...mail, to: target.email, newEmail: emailChange }));
        }
        return updated;
      });
      return withPending(person);
    },
  };
}

export type PersonsService = ReturnType<typeof createPersonsService>;
