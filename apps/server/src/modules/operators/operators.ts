import { Rights } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, persons } from '../../db/schema';
import { recordAudit } from '../audit';

// The store's operators (docs/decisions/015): persons with rights bit 4 in the store's own
// organization. Only the operator's tool grants or removes the bit; person bodies never can
// (grantableRights in core).

/** The name of the organization that holds the operators; customers never see it. */
export const STORE_ORGANIZATION_NAME = 'Licensed Software Store (operators)';

/** The store's own organization, created the first time an operator is added. */
export async function storeOrganizationId(db: DbOrTx): Promise<number> {
  const [found] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isStore, true));
  if (found) return found.id;
  await db
    .insert(organizations)
    .values({ companyName: STORE_ORGANIZATION_NAME, isStore: true, allowMonthly: false })
    .onConflictDoNothing();
  const [made] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isStore, true));
  return made!.id;
}

export interface NewOperator {
  email: string;
  firstName: string;
  lastName: string;
  /** An argon2 hash; without one the person cannot sign in until they set a password by link. */
  passwordHash: string;
}

/**
 * Makes the person with this e-mail in the store's organization an operator, creating them when
 * needed (e-mail verified: the operator's tool vouches for it). Their first sign-in enrols
 * two-factor before anything else (session.service).
 */
export async function addOperator(
  db: DbOrTx,
  input: NewOperator,
): Promise<{ personId: number; created: boolean }> {
  const organizationId = await storeOrganizationId(db);
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), sql`lower(${persons.email}) = ${email}`));
  if (existing) {
    const [after] = await db
      .update(persons)
      .set({ rights: existing.rights | Rights.User | Rights.Operator })
      .where(eq(persons.id, existing.id))
      .returning();
    await recordAudit(db, 'person.updated', { before: existing, after });
    return { personId: existing.id, created: false };
  }
  const [made] = await db
    .insert(persons)
    .values({
      organizationId,
      rights: Rights.User | Rights.Operator,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      emailVerified: true,
    })
    .returning();
  await recordAudit(db, 'person.created', { after: made });
  return { personId: made!.id, created: true };
}

/**
 * Removes an operator: the person leaves the store's organization altogether (their sessions,
 * two-factor enrolment and links go with them by cascade). False when there was no such operator.
 */
export async function removeOperator(db: DbOrTx, emailText: string): Promise<boolean> {
  const email = emailText.trim().toLowerCase();
  const organizationId = await storeOrganizationId(db);
  const gone = await db
    .delete(persons)
    .where(and(eq(persons.organizationId, organizationId), sql`lower(${persons.email}) = ${email}`))
    .returning();
  for (const before of gone) await recordAudit(db, 'person.deleted', { before });
  return gone.length > 0;
}

/** The operators, by name. */
export function listOperators(db: DbOrTx) {
  return db
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
