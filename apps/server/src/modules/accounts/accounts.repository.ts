import { Rights } from '@store/core';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdminSql, organizations, persons } from '../../db/schema';

// SQL of the accounts module. Every function takes the transaction (or db) it runs in; the
// services decide where transactions start (docs/conventions.md).

export type NewPerson = typeof persons.$inferInsert;
export type NewOrganization = typeof organizations.$inferInsert;

const sameEmail = (email: string) => sql`lower(${persons.email}) = ${email.trim().toLowerCase()}`;

export async function insertOrganization(tx: DbOrTx, values: NewOrganization) {
  const [row] = await tx.insert(organizations).values(values).returning();
  return row!;
}

export async function insertPerson(tx: DbOrTx, values: NewPerson) {
  const [row] = await tx.insert(persons).values(values).returning();
  return row!;
}

export async function findPerson(tx: DbOrTx, personId: number) {
  const [row] = await tx.select().from(persons).where(eq(persons.id, personId)).limit(1);
  return row ?? null;
}

/** A person of one organization; another organization's id reads as absent (404, docs/design.md §4). */
export async function findPersonInOrganization(tx: DbOrTx, organizationId: number, personId: number) {
  const [row] = await tx
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export function listPersons(tx: DbOrTx, organizationId: number) {
  return tx
    .select()
    .from(persons)
    .where(eq(persons.organizationId, organizationId))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
}

/** Every person with this e-mail, one per organization, with the organization's name. */
export function personsByEmail(tx: DbOrTx, email: string) {
  return tx
    .select({ person: persons, companyName: organizations.companyName })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(sameEmail(email))
    .orderBy(asc(organizations.companyName), asc(persons.id));
}

export async function emailTakenInOrganization(
  tx: DbOrTx,
  organizationId: number,
  email: string,
  exceptPersonId?: number,
) {
  const rows = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        eq(persons.organizationId, organizationId),
        sameEmail(email),
        exceptPersonId === undefined ? undefined : ne(persons.id, exceptPersonId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Locks the organization row and counts its admins who can sign in (a deactivated one cannot,
 * docs/decisions/038), so two concurrent demotions, deletions or deactivations cannot both pass the
 * last-admin check.
 */
/** Whether lockAndCountAdmins counts the person: an administrator who was not deactivated. */
export const isActiveAdmin = (person: { rights: number; deactivatedAt: Date | null }) =>
  (person.rights & Rights.Admin) !== 0 && person.deactivatedAt === null;

export async function lockAndCountAdmins(tx: DbOrTx, organizationId: number): Promise<number> {
  await tx.execute(sql`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), isAdminSql(), isNull(persons.deactivatedAt)));
  return Number(row?.n ?? 0);
}

export async function updatePerson(tx: DbOrTx, personId: number, values: Partial<NewPerson>) {
  const [row] = await tx.update(persons).set(values).where(eq(persons.id, personId)).returning();
  return row!;
}

export async function deletePerson(tx: DbOrTx, personId: number) {
  await tx.delete(persons).where(eq(persons.id, personId));
}

/** The store's own organization, or null before the first operator is added. */
export async function findStoreOrganizationId(tx: DbOrTx): Promise<number | null> {
  const [found] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isStore, true));
  return found?.id ?? null;
}

/** Creates the store's own organization unless a concurrent call did first. */
export async function insertStoreOrganization(tx: DbOrTx, companyName: string) {
  await tx
    .insert(organizations)
    .values({ companyName, isStore: true, allowMonthly: false })
    .onConflictDoNothing();
}

export async function findPersonByEmailInOrganization(tx: DbOrTx, organizationId: number, email: string) {
  const [row] = await tx
    .select()
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), sameEmail(email)));
  return row ?? null;
}

export function deletePersonsByEmailInOrganization(tx: DbOrTx, organizationId: number, email: string) {
  return tx
    .delete(persons)
    .where(and(eq(persons.organizationId, organizationId), sameEmail(email)))
    .returning();
}

/** The operators, by name. */
export function listOperators(tx: DbOrTx) {
  return tx
    .select({
      personId: persons.id,
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
    })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(and(eq(organizations.isStore, true), sql`(${persons.rights} & ${Rights.Operator}) <> 0`))
    .orderBy(persons.lastName, persons.firstName);
}

/** A customer organization; the store's own one is not a customer and is never found here. */
export async function findCustomerOrganization(tx: DbOrTx, organizationId: number) {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isStore, false)));
  return row ?? null;
}

/** Every customer organization, by id. */
export function listCustomerOrganizations(tx: DbOrTx) {
  return tx
    .select()
    .from(organizations)
    .where(eq(organizations.isStore, false))
    .orderBy(asc(organizations.id));
}

export async function countSubAccounts(tx: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(organizations)
    .where(eq(organizations.parentOrganizationId, organizationId));
  return row?.n ?? 0;
}

export async function updateOrganization(
  tx: DbOrTx,
  organizationId: number,
  values: Partial<NewOrganization>,
) {
  const [row] = await tx
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, organizationId))
    .returning();
  return row!;
}

/** A person of a customer organization (never an operator), with the organization. */
export async function findCustomerPerson(tx: DbOrTx, personId: number) {
  const [row] = await tx
    .select({ person: persons, organization: organizations })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(and(eq(persons.id, personId), eq(organizations.isStore, false)));
  return row ?? null;
}

/** The customers' persons with this e-mail (one per organization), optionally in one organization. */
export function customerPersonsByEmail(tx: DbOrTx, email: string, organizationId: number | null) {
  return tx
    .select({
      id: persons.id,
      organizationId: persons.organizationId,
      companyName: organizations.companyName,
    })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(
      and(
        sql`lower(${persons.email}) = ${email}`,
        eq(organizations.isStore, false),
        organizationId ? eq(persons.organizationId, organizationId) : undefined,
      ),
    );
}
