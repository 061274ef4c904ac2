import {
  AccountMessages,
  type CreatePerson,
  isAdmin,
  type RegisterOrganization,
  Rights,
  type UpdatePerson,
} from '@store/core';
import countries from 'i18n-iso-countries';
import type { AppDeps } from '../../app';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import type { MailMessage } from '../../mail/mailer';
import {
  addedToOrganizationMail,
  confirmNewEmailMail,
  emailChangedMail,
  VERIFY_LINK_DAYS,
  verifyEmailMail,
} from '../../mail/templates';
import { toPersonDto } from '../identity/dto';
import type { AuthContext, PersonRow } from '../identity/session.service';
import * as repo from './accounts.repository';
import {
  findUsableToken,
  issueToken,
  pendingEmailChange,
  retirePendingEmailChanges,
  useToken,
} from './one-time-tokens';

const DAY = 86_400_000;
const VERIFY_LIFETIME_MS = VERIFY_LINK_DAYS * DAY;
const ADMIN_RIGHTS = Rights.User | Rights.Admin;

/** PostgreSQL's unique_violation: two requests raced past the e-mail check. */
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>;

export function createAccountsService({ db, clock, mailer, config }: Deps) {
  const publicUrl = config.publicUrl;
  const send = (message: MailMessage) => mailer.send(message);

  /** Another organization's person, or none: 404 either way (DESIGN.md §4). */
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
    return { ...toPersonDto(person), pendingEmail: await pendingEmailChange(db, person.id, clock.now()) };
  }

  return {
    /** POST /api/organization/register: the organization and its admin together, or neither. */
    async registerOrganization(input: RegisterOrganization) {
      const country = input.organization.country.toUpperCase();
      if (!countries.isValid(country))
        throw badRequest(`organization.country: ${AccountMessages.countryUnknown}`);
      const passwordHash = await hashPassword(input.admin.password);
      const now = clock.now();
      const { organization, person, token } = await db.transaction(async (tx) => {
        const organization = await repo.insertOrganization(tx, {
          companyName: input.organization.orgName,
          addr1: input.organization.addr1,
          addr2: input.organization.addr2 ?? '',
          city: input.organization.city,
          state: input.organization.state ?? '',
          country,
          zip: input.organization.zip,
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
        const token = await issueToken(tx, {
          kind: 'verify',
          personId: person.id,
          email: person.email,
          now,
          lifetimeMs: VERIFY_LIFETIME_MS,
        });
        return { organization, person, token };
      });
      await send(
        verifyEmailMail({
          publicUrl,
          to: person.email,
          firstName: person.firstName,
          companyName: organization.companyName,
          token,
        }),
      );
      return { organizationId: organization.id, personId: person.id, email: person.email };
    },

    /** POST api/person/verify_email/{verifyId}: a new account's address, or a changed address. */
    async verifyEmail(token: string) {
      const now = clock.now();
      const invalid = { success: false, email: null, error: AccountMessages.verifyLinkInvalid };
      return db.transaction(async (tx) => {
        const row = await findUsableToken(tx, token, ['verify', 'email-change'], now);
        if (!row || row.personId === null) return invalid;
        const person = await repo.findPerson(tx, row.personId);
        if (!person) return invalid;
        if (row.kind === 'email-change' && row.newEmail) {
          if (await repo.emailTakenInOrganization(tx, person.organizationId, row.newEmail, person.id)) {
            throw conflict(AccountMessages.emailInUse);
          }
          if (!(await useToken(tx, row.id, now))) return invalid;
          await repo.updatePerson(tx, person.id, { email: row.newEmail, emailVerified: true });
          return { success: true, email: row.newEmail, error: null };
        }
        // A verify link is for the address it was sent to; a later change of address voids it.
        if (person.email.toLowerCase() !== row.email) return invalid;
        if (!(await useToken(tx, row.id, now))) return invalid;
        await repo.updatePerson(tx, person.id, { emailVerified: true });
        return { success: true, email: person.email, error: null };
      });
    },

    async listPersons(auth: AuthContext) {
      const rows = await repo.listPersons(db, auth.organization.id);
      return rows.map(toPersonDto);
    },

    async getPerson(auth: AuthContext, personId: number) {
      return withPending(await readablePerson(auth, personId));
    },

    /** POST /api/person/create (admin): a plain user unless isAdmin; mailed a link to verify the address. */
    async createPerson(auth: AuthContext, input: CreatePerson) {
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      let created: { person: PersonRow; token: string };
      try {
        created = await db.transaction(async (tx) => {
          if (await repo.emailTakenInOrganization(tx, auth.organization.id, input.email)) {
            throw conflict(AccountMessages.emailInUse, 'EMAIL_IN_USE');
          }
          const person = await repo.insertPerson(tx, {
            organizationId: auth.organization.id,
            rights: input.isAdmin ? ADMIN_RIGHTS : Rights.User,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            emailVerified: false,
          });
          const token = await issueToken(tx, {
            kind: 'verify',
            personId: person.id,
            email: person.email,
            now,
            lifetimeMs: VERIFY_LIFETIME_MS,
          });
          return { person, token };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(AccountMessages.emailInUse, 'EMAIL_IN_USE');
        throw error;
      }
      await send(
        addedToOrganizationMail({
          publicUrl,
          to: created.person.email,
          firstName: created.person.firstName,
          companyName: auth.organization.companyName,
          addedBy: `${auth.person.firstName} ${auth.person.lastName}`,
          token: created.token,
        }),
      );
      return withPending(created.person);
    },

    /** DELETE /api/person/{id} (admin): never yourself, never the last admin; the person's tokens go with it. */
    async deletePerson(auth: AuthContext, personId: number) {
      const target = await personOfCaller(auth, personId);
      if (target.id === auth.person.id)
        throw conflict(AccountMessages.cannotDeleteYourself, 'CANNOT_DELETE_SELF');
      await db.transaction(async (tx) => {
        const admins = await repo.lockAndCountAdmins(tx, auth.organization.id);
        if (isAdmin(target) && admins <= 1) throw conflict(AccountMessages.lastAdminDelete, 'LAST_ADMIN');
        // Sessions and one-time tokens cascade with the person row.
        await repo.deletePerson(tx, target.id);
      });
      return { success: true as const };
    },

    /**
     * POST /api/person/update/{personId}. Only the fields sent change. A new password ends the
     * person's other sessions; a new e-mail counts once confirmed from the new address, and the old
     * address is told (DESIGN.md §4).
     */
    async updatePerson(auth: AuthContext, personId: number, input: UpdatePerson) {
      const target = await personOfCaller(auth, personId);
      const self = target.id === auth.person.id;
      const callerIsAdmin = isAdmin(auth.person);
      if (!self && !callerIsAdmin) throw forbidden(AccountMessages.onlyOwnAccount);
      if (input.isAdmin !== undefined && input.isAdmin !== isAdmin(target) && !callerIsAdmin) {
        throw forbidden(AccountMessages.onlyAdminsGrantAdmin);
      }
      const now = clock.now();
      const emailChange =
        input.email !== undefined && input.email.toLowerCase() !== target.email.toLowerCase()
          ? input.email
          : null;
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

      const outcome = await db.transaction(async (tx) => {
        const values: Partial<repo.NewPerson> = {};
        if (input.firstName !== undefined) values.firstName = input.firstName;
        if (input.lastName !== undefined) values.lastName = input.lastName;
        // Only the letter case differs: the same mailbox, nothing to confirm.
        if (input.email !== undefined && emailChange === null) values.email = input.email;
        if (passwordHash !== undefined) values.passwordHash = passwordHash;
        if (input.isAdmin !== undefined && input.isAdmin !== isAdmin(target)) {
          const admins = await repo.lockAndCountAdmins(tx, target.organizationId);
          if (!input.isAdmin && admins <= 1) throw conflict(AccountMessages.lastAdminDemote, 'LAST_ADMIN');
          values.rights = input.isAdmin ? target.rights | Rights.Admin : target.rights & ~Rights.Admin;
        }
        const person =
          Object.keys(values).length > 0 ? await repo.updatePerson(tx, target.id, values) : target;
        if (passwordHash !== undefined)
          await repo.revokeSessionsExcept(tx, target.id, self ? auth.sessionId : null);
        let token: string | null = null;
        if (emailChange) {
          if (await repo.emailTakenInOrganization(tx, target.organizationId, emailChange, target.id)) {
            throw conflict(AccountMessages.emailInUse, 'EMAIL_IN_USE');
          }
          await retirePendingEmailChanges(tx, target.id, now);
          token = await issueToken(tx, {
            kind: 'email-change',
            personId: target.id,
            email: target.email,
            newEmail: emailChange,
            now,
            lifetimeMs: VERIFY_LIFETIME_MS,
          });
        }
        return { person, token };
      });

      if (emailChange && outcome.token) {
        const companyName = auth.organization.companyName;
        await send(
          confirmNewEmailMail({
            publicUrl,
            to: emailChange,
            firstName: outcome.person.firstName,
            companyName,
            token: outcome.token,
          }),
        );
        await send(
          emailChangedMail({
            to: target.email,
            firstName: outcome.person.firstName,
            companyName,
            newEmail: emailChange,
          }),
        );
      }
      return withPending(outcome.person);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
