import {
  fractionToBp,
  isAdmin,
  OpsActionMessages,
  OpsMessages,
  type OpsTermsBody,
  type PostalAddress,
  Rights,
  storedTaxId,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { OrganizationRow } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../lib/domain-error';
import { enqueueMail } from '../../mail/outbox';
import { verifyEmailMail } from '../../mail/templates';
import { recordAudit } from '../audit';
import { toPersonDto } from '../identity';
import { recordEvent } from '../webhooks';
import * as repo from './accounts.repository';
import { issueVerifyLink } from './accounts.service';
import { insertVouchedPerson } from './provisioned-persons.service';

// What the store's operator changes of a customer organization (docs/design.md §2: customers never set
// their own discount or terms), for the console and the operator's tool alike.

/** What the operator's tool gives for a customer organization it creates with its first admin. */
export interface NewCustomerOrganization extends PostalAddress {
  companyName: string;
  parentOrganizationId: number | null;
  admin: { firstName: string; lastName: string; email: string; passwordHash: string };
}

/** A customer organization's row, as the operator's tool describes it. */
export type CustomerOrganization = OrganizationRow;

type Deps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppDeps['config'], 'publicUrl'> };

/** Customer organizations as the operator sees and changes them (the console and the operator's tool). */
export function createOrganizationsService({ db, clock, config }: Deps) {
  async function findCustomerOrganization(organizationId: number) {
    const org = await repo.findCustomerOrganization(db, organizationId);
    if (!org) throw notFound(OpsMessages.organizationNotFound(organizationId));
    return org;
  }

  async function findCustomerPerson(personId: number) {
    const row = await repo.findCustomerPerson(db, personId);
    if (!row) throw notFound(OpsMessages.personNotFound(personId));
    return row;
  }

  /** A person of this customer organization; another organization's is not found. */
  async function personOf(personId: number, organizationId: number) {
    const found = await findCustomerPerson(personId);
    if (found.person.organizationId !== organizationId) throw notFound(OpsMessages.personNotFound(personId));
    return found;
  }

  return {
    /** A customer organization (404 for the store's own one and for none). */
    findCustomerOrganization,

    /** A customer organization, or null: the operator's tool words its own answer. */
    findCustomerOrganizationOrNull: (organizationId: number) =>
      repo.findCustomerOrganization(db, organizationId),

    /** Every customer organization, by id. */
    listCustomerOrganizations: () => repo.listCustomerOrganizations(db),

    /** The customers' persons with this e-mail, optionally in one organization. */
    customerPersonsByEmail: (email: string, organizationId: number | null) =>
      repo.customerPersonsByEmail(db, email, organizationId),

    /**
     * The operator creates a customer organization with its admin, whose address counts as verified
     * (the operator vouches for it); both are audited in the same transaction.
     */
    async createCustomerOrganization(input: NewCustomerOrganization) {
      const { admin, ...organization } = input;
      return db.transaction(async (tx) => {
        const created = await repo.insertOrganization(tx, organization);
        const person = await repo.insertPerson(tx, {
          organizationId: created.id,
          rights: Rights.User | Rights.Admin,
          passwordHash: admin.passwordHash,
          firstName: admin.firstName,
          lastName: admin.lastName,
          email: admin.email,
          emailVerified: true,
        });
        await recordAudit(tx, 'organization.registered', { after: created });
        await recordAudit(tx, 'person.created', { after: person });
        return created;
      });
    },

    /**
     * Discount, monthly billing, perpetual account, billing by invoice and the parent, as one change.
     * Sub-accounts are one level deep: a parent is a top-level organization, and an organization with
     * sub-accounts of its own cannot get a parent.
     */
    async setOrganizationTerms(organizationId: number, terms: Partial<OpsTermsBody>) {
      const org = await findCustomerOrganization(organizationId);
      const parentId = terms.parentOrganizationId;
      if (parentId !== undefined && parentId !== null && parentId !== org.parentOrganizationId) {
        if (parentId === org.id) throw badRequest(OpsMessages.parentIsSelf);
        const parent = await findCustomerOrganization(parentId);
        if (parent.parentOrganizationId !== null)
          throw badRequest(OpsMessages.parentIsSubAccount(parent.companyName));
        if ((await repo.countSubAccounts(db, org.id)) > 0)
          throw conflict(OpsMessages.hasSubAccounts(org.companyName));
      }
      // With its audit entry, in one transaction (docs/decisions/017).
      return db.transaction(async (tx) => {
        const updated = await repo.updateOrganization(tx, org.id, {
          ...(terms.discount !== undefined ? { discountBp: fractionToBp(terms.discount) } : {}),
          ...(terms.allowMonthly !== undefined ? { allowMonthly: terms.allowMonthly } : {}),
          ...(terms.perpetualAccount !== undefined ? { isPerpetualAccount: terms.perpetualAccount } : {}),
          ...(terms.invoiceTerms !== undefined ? { billedByInvoice: terms.invoiceTerms } : {}),
          ...(terms.paymentTermsDays !== undefined ? { paymentTermsDays: terms.paymentTermsDays } : {}),
          ...(parentId !== undefined ? { parentOrganizationId: parentId } : {}),
          // The customer's tax / VAT id (docs/decisions/016): absent leaves it, blank removes it.
          ...(terms.taxId !== undefined ? { taxId: storedTaxId(terms.taxId) } : {}),
        });
        await recordAudit(tx, 'organization.updated', { before: org, after: updated });
        return updated;
      });
    },

    /**
     * The person single sign-on signs in (docs/decisions/036): the organization's person at that
     * address, or, the first time, a new one with the rights given (just-in-time provisioning). The
     * provider vouched for the address, so it is verified; the person has no password (an empty hash
     * never verifies) and may set one through the reset link. In the caller's transaction.
     */
    async findOrProvisionSsoPerson(
      tx: DbOrTx,
      input: { organizationId: number; email: string; firstName: string; lastName: string; rights: number },
    ) {
      const existing = await repo.findPersonByEmailInOrganization(tx, input.organizationId, input.email);
      if (existing) return { person: existing, created: false };
      const person = await insertVouchedPerson(tx, input);
      return { person, created: true };
    },

    /** Makes a user an administrator of their organization. */
    async promoteToAdmin(personId: number, organizationId?: number) {
      const { person, organization } = await findCustomerPerson(personId);
      if (organizationId !== undefined && person.organizationId !== organizationId) {
        throw notFound(OpsMessages.personNotFound(personId));
      }
      if ((person.rights & Rights.Admin) !== 0) throw conflict(OpsMessages.alreadyAdmin(person.email));
      return db.transaction(async (tx) => {
        const updated = await repo.updatePerson(tx, person.id, {
          rights: person.rights | Rights.User | Rights.Admin,
        });
        await recordAudit(tx, 'person.updated', { before: person, after: updated });
        return { person: updated, organization };
      });
    },

    /**
     * An administrator becomes a plain user (docs/decisions/031), never the organization's last one:
     * the admins are counted under a lock, as the customer's own demotion does.
     */
    async demoteAdmin(personId: number, organizationId: number) {
      const { person, organization } = await personOf(personId, organizationId);
      const name = `${person.firstName} ${person.lastName}`;
      if (!isAdmin(person)) throw conflict(OpsActionMessages.notAdmin(name));
      return db.transaction(async (tx) => {
        if (repo.isActiveAdmin(person) && (await repo.lockAndCountAdmins(tx, organizationId)) <= 1)
          throw new DomainError(
            'LAST_ADMIN',
            OpsActionMessages.lastAdminDemote(name, organization.companyName),
          );
        const updated = await repo.updatePerson(tx, person.id, { rights: person.rights & ~Rights.Admin });
        await recordAudit(tx, 'person.updated', { before: person, after: updated });
        return updated;
      });
    },

    /** A person leaves the organization (their sessions and links go with the row), never its last admin. */
    async removePerson(personId: number, organizationId: number) {
      const { person, organization } = await personOf(personId, organizationId);
      const name = `${person.firstName} ${person.lastName}`;
      await db.transaction(async (tx) => {
        const admins = await repo.lockAndCountAdmins(tx, organizationId);
        if (repo.isActiveAdmin(person) && admins <= 1)
          throw new DomainError(
            'LAST_ADMIN',
            OpsActionMessages.lastAdminRemove(name, organization.companyName),
          );
        await repo.deletePerson(tx, person.id);
        await recordAudit(tx, 'person.deleted', { before: person });
        await recordEvent(tx, person.organizationId, 'user.deleted', toPersonDto(person));
      });
      return person;
    },

    /** A new verification link for a person whose address is not verified yet. */
    async resendVerification(personId: number) {
      const { person, organization } = await findCustomerPerson(personId);
      if (person.emailVerified) throw conflict(OpsMessages.alreadyVerified(person.email));
      // The link and its mail in one transaction: the outbox sends it (docs/decisions/018).
      await db.transaction(async (tx) => {
        const { companyName } = organization;
        const link = await issueVerifyLink(tx, {
          person,
          companyName,
          publicUrl: config.publicUrl,
          now: clock.now(),
        });
        await enqueueMail(tx, verifyEmailMail(link));
      });
      return { success: true as const, message: OpsMessages.verificationSent(person.email) };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
