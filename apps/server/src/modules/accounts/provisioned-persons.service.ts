import { AccountMessages, Rights } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { PersonRow } from '../../lib/auth-context';
import { DomainError, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { toPersonDto } from '../identity';
import { recordEvent } from '../webhooks';
import * as repo from './accounts.repository';
import { retirePendingEmailChanges } from './one-time-tokens.repository';
import { findPersonsPage, type PersonLookup, personsWithBit } from './provisioned-persons.repository';

export type { PersonLookup };

/** PostgreSQL's unique_violation: two requests raced past the e-mail check. */
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/** A person as the organization's identity provider states them (SCIM's User, docs/decisions/038). */
export interface ProvisionedPerson {
  email: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  active: boolean;
}

const emailInUse = () => new DomainError('EMAIL_IN_USE', AccountMessages.emailInUse);
const noSuchPerson = () => notFound('No such user in your organization.');

/**
 * A person an identity provider vouched for (single sign-on's first sign-in, or SCIM): the address
 * counts as verified and there is no password (an empty hash never verifies; the reset link sets one).
 * Audited and announced to webhooks, in the caller's transaction.
 */
export async function insertVouchedPerson(
  tx: DbOrTx,
  values: Omit<repo.NewPerson, 'passwordHash' | 'phone' | 'emailVerified'>,
) {
  const person = await repo.insertPerson(tx, { ...values, passwordHash: '', phone: '', emailVerified: true });
  await recordAudit(tx, 'person.created', { after: person });
  await recordEvent(tx, person.organizationId, 'user.created', toPersonDto(person));
  return person;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions'>;

/**
 * The organization's people as its identity provider manages them over SCIM (docs/decisions/038):
 * the provider vouches for the address (verified, as single sign-on's people are), sets no password
 * (an empty hash never verifies: people sign in through single sign-on or set one by the reset
 * link), deactivates without deleting, and gives roles by group. Every change is audited in its
 * transaction; a deactivation ends the person's sessions in the same transaction, and the database
 * announces both, so every server forgets them (docs/decisions/021).
 */
export function createProvisionedPersonsService({ db, clock, sessions }: Deps) {
  async function personIn(tx: DbOrTx, organizationId: number, personId: number) {
    const person = await repo.findPersonInOrganization(tx, organizationId, personId);
    if (!person) throw noSuchPerson();
    return person;
  }

  return {
    findPersons: (organizationId: number, lookup: PersonLookup, page: { offset: number; limit: number }) =>
      findPersonsPage(db, organizationId, lookup, page),

    /** Another organization's person reads as absent (docs/design.md §4). */
    findPerson: (organizationId: number, personId: number) =>
      repo.findPersonInOrganization(db, organizationId, personId),

    /** The persons holding the role's bit themselves: the members of its group. */
    membersOf: (organizationId: number, bit: number) => personsWithBit(db, organizationId, bit),

    async provisionPerson(organizationId: number, input: ProvisionedPerson): Promise<PersonRow> {
      try {
        return await db.transaction(async (tx) => {
          if (await repo.emailTakenInOrganization(tx, organizationId, input.email)) throw emailInUse();
          return insertVouchedPerson(tx, {
            organizationId,
            rights: Rights.User,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            externalId: input.externalId,
            createdAt: clock.now(),
            deactivatedAt: input.active ? null : clock.now(),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    /**
     * Changes what the provider states of a person (only the fields given). Deactivating ends their
     * sessions at once, never the last administrator who can sign in; reactivating lets them sign in again.
     */
    async updateProvisionedPerson(
      organizationId: number,
      personId: number,
      changes: Partial<ProvisionedPerson>,
    ): Promise<PersonRow> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const admins = await repo.lockAndCountAdmins(tx, organizationId);
          const target = await personIn(tx, organizationId, personId);
          const values: Partial<repo.NewPerson> = {};
          if (changes.firstName !== undefined) values.firstName = changes.firstName;
          if (changes.lastName !== undefined) values.lastName = changes.lastName;
          if (changes.externalId !== undefined) values.externalId = changes.externalId;
          if (changes.email !== undefined && changes.email !== target.email) {
            const sameMailbox = changes.email.toLowerCase() === target.email.toLowerCase();
            if (
              !sameMailbox &&
              (await repo.emailTakenInOrganization(tx, organizationId, changes.email, target.id))
            )
              throw emailInUse();
            values.email = changes.email;
            values.emailVerified = true;
            // The provider's address replaces any change the person was confirming.
            if (!sameMailbox) await retirePendingEmailChanges(tx, target.id, now);
          }
          const deactivate = changes.active === false && target.deactivatedAt === null;
          if (deactivate) {
            if (repo.isActiveAdmin(target) && admins <= 1)
              throw new DomainError('LAST_ADMIN', AccountMessages.lastAdminDeactivate);
            values.deactivatedAt = now;
          }
          if (changes.active === true && target.deactivatedAt !== null) values.deactivatedAt = null;
          if (Object.keys(values).length === 0) return target;
          const updated = await repo.updatePerson(tx, target.id, values);
          await recordAudit(tx, 'person.updated', { before: target, after: updated });
          if (deactivate) await sessions.revokeAllFor(target.id, undefined, tx);
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    /** The provider deletes a person: never the last administrator; sessions and links go with the row. */
    async deleteProvisionedPerson(organizationId: number, personId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await repo.lockAndCountAdmins(tx, organizationId);
        const target = await personIn(tx, organizationId, personId);
        if (repo.isActiveAdmin(target) && admins <= 1)
          throw new DomainError('LAST_ADMIN', AccountMessages.lastAdminDelete);
        await repo.deletePerson(tx, target.id);
        await recordAudit(tx, 'person.deleted', { before: target });
        await recordEvent(tx, organizationId, 'user.deleted', toPersonDto(target));
      });
    },

    /**
     * Gives a role's bit to some of the organization's persons and takes it from others (a group's
     * members, docs/decisions/033); the organization keeps an administrator who can sign in. An id
     * that is not one of the organization's persons is a 404.
     */
    async changeRoleMembers(
      organizationId: number,
      bit: number,
      change: { add: readonly number[]; remove: readonly number[] },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await repo.lockAndCountAdmins(tx, organizationId);
        const rightsAfter = new Map<number, [PersonRow, number]>();
        for (const id of new Set([...change.add, ...change.remove])) {
          const person = await personIn(tx, organizationId, id);
          const rights = change.add.includes(id) ? person.rights | bit | Rights.User : person.rights & ~bit;
          if (rights !== person.rights) rightsAfter.set(id, [person, rights]);
        }
        if (bit === Rights.Admin) {
          let after = admins;
          for (const [person, rights] of rightsAfter.values()) {
            if (person.deactivatedAt) continue;
            after += (rights & bit ? 1 : 0) - (person.rights & bit ? 1 : 0);
          }
          if (after < 1) throw new DomainError('LAST_ADMIN', AccountMessages.lastAdminDemote);
        }
        for (const [person, rights] of rightsAfter.values()) {
          const updated = await repo.updatePerson(tx, person.id, { rights });
          await recordAudit(tx, 'person.updated', { before: person, after: updated });
        }
      });
    },
  };
}

export type ProvisionedPersonsService = ReturnType<typeof createProvisionedPersonsService>;
