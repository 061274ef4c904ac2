import { fractionToBp, OpsMessages, type OpsTermsBody, Rights, storedTaxId } from '@store/core';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, persons } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/domain-error';
import { enqueueMail } from '../../mail/outbox';
import { verifyEmailMail } from '../../mail/templates';
import { recordAudit } from '../audit';
import { VERIFY_LIFETIME_MS } from './accounts.service';
import { issueToken } from './one-time-tokens';

// What the store's operator changes of a customer organization (docs/design.md §2: customers never set
// their own discount or terms), for the console and the operator's tool alike.

/** What the operator's tool gives for a customer organization it creates with its first admin. */
export interface NewCustomerOrganization {
  companyName: string;
  parentOrganizationId: number | null;
  addr1: string;
  addr2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  admin: { firstName: string; lastName: string; email: string; passwordHash: string };
}

/**
 * The operator creates a customer organization with its admin, whose address counts as verified (the
 * operator vouches for it); both are audited in the same transaction.
 */
export async function createCustomerOrganization(db: DbOrTx, input: NewCustomerOrganization) {
  const { admin, ...organization } = input;
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(organizations).values(organization).returning();
    const [person] = await tx
      .insert(persons)
      .values({
        organizationId: created!.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: admin.passwordHash,
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        emailVerified: true,
      })
      .returning();
    await recordAudit(tx, 'organization.registered', { after: created });
    await recordAudit(tx, 'person.created', { after: person });
    return created!;
  });
}

/** A customer organization; the store's own one is not a customer and is never found here. */
export async function findCustomerOrganization(db: DbOrTx, organizationId: number) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isStore, false)));
  if (!org) throw notFound(OpsMessages.organizationNotFound(organizationId));
  return org;
}

/**
 * Discount, monthly billing, perpetual account, billing by invoice and the parent, as one change.
 * Sub-accounts are one level deep: a parent is a top-level organization, and an organization with
 * sub-accounts of its own cannot get a parent.
 */
export async function setOrganizationTerms(db: DbOrTx, organizationId: number, terms: Partial<OpsTermsBody>) {
  const org = await findCustomerOrganization(db, organizationId);
  const parentId = terms.parentOrganizationId;
  if (parentId !== undefined && parentId !== null && parentId !== org.parentOrganizationId) {
    if (parentId === org.id) throw badRequest(OpsMessages.parentIsSelf);
    const parent = await findCustomerOrganization(db, parentId);
    if (parent.parentOrganizationId !== null)
      throw badRequest(OpsMessages.parentIsSubAccount(parent.companyName));
    const [children] = await db
      .select({ n: count() })
      .from(organizations)
      .where(eq(organizations.parentOrganizationId, org.id));
    if ((children?.n ?? 0) > 0) throw conflict(OpsMessages.hasSubAccounts(org.companyName));
  }
  // With its audit entry, in one transaction (docs/decisions/017).
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(organizations)
      .set({
        ...(terms.discount !== undefined ? { discountBp: fractionToBp(terms.discount) } : {}),
        ...(terms.allowMonthly !== undefined ? { allowMonthly: terms.allowMonthly } : {}),
        ...(terms.perpetualAccount !== undefined ? { isPerpetualAccount: terms.perpetualAccount } : {}),
        ...(terms.invoiceTerms !== undefined ? { billedByInvoice: terms.invoiceTerms } : {}),
        ...(parentId !== undefined ? { parentOrganizationId: parentId } : {}),
        // The customer's tax / VAT id (docs/decisions/016): absent leaves it, blank removes it.
        ...(terms.taxId !== undefined ? { taxId: storedTaxId(terms.taxId) } : {}),
      })
      .where(eq(organizations.id, org.id))
      .returning();
    await recordAudit(tx, 'organization.updated', { before: org, after: updated });
    return updated!;
  });
}

/** A person of a customer organization (never an operator). */
async function findCustomerPerson(db: DbOrTx, personId: number) {
  const [row] = await db
    .select({ person: persons, organization: organizations })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(and(eq(persons.id, personId), eq(organizations.isStore, false)));
  if (!row) throw notFound(OpsMessages.personNotFound(personId));
  return row;
}

/** Makes a user an administrator of their organization. */
export async function promoteToAdmin(db: DbOrTx, personId: number, organizationId?: number) {
  const { person, organization } = await findCustomerPerson(db, personId);
  if (organizationId !== undefined && person.organizationId !== organizationId) {
    throw notFound(OpsMessages.personNotFound(personId));
  }
  if ((person.rights & Rights.Admin) !== 0) throw conflict(OpsMessages.alreadyAdmin(person.email));
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(persons)
      .set({ rights: person.rights | Rights.User | Rights.Admin })
      .where(eq(persons.id, person.id))
      .returning();
    await recordAudit(tx, 'person.updated', { before: person, after: updated });
    return { person: updated!, organization };
  });
}

/** A new verification link for a person whose address is not verified yet. */
export async function resendVerification(
  deps: { db: DbOrTx; clock: Clock; publicUrl: string },
  personId: number,
) {
  const { person, organization } = await findCustomerPerson(deps.db, personId);
  if (person.emailVerified) throw conflict(OpsMessages.alreadyVerified(person.email));
  // The link and its mail in one transaction: the outbox sends it (docs/decisions/018).
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, {
      kind: 'verify',
      personId: person.id,
      email: person.email,
      now: deps.clock.now(),
      lifetimeMs: VERIFY_LIFETIME_MS,
    });
    await enqueueMail(
      tx,
      verifyEmailMail({
        publicUrl: deps.publicUrl,
        to: person.email,
        firstName: person.firstName,
        companyName: organization.companyName,
        token,
      }),
    );
  });
  return { success: true as const, message: OpsMessages.verificationSent(person.email) };
}
