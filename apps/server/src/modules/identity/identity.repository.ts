import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdminSql, organizations, persons } from '../../db/schema';

// What sign-in reads of persons and organizations (accounts writes them).

/** Everyone who may sign in with this e-mail, one per organization, by the organization's name. */
export function signInCandidates(db: DbOrTx, email: string, organizationId: number | null | undefined) {
  return db
    .select({ person: persons, organization: organizations })
    .from(persons)
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .where(
      and(
        sql`lower(${persons.email}) = ${email}`,
        organizationId == null ? undefined : eq(persons.organizationId, organizationId),
      ),
    )
    .orderBy(organizations.companyName);
}

/** Name and e-mail of each admin of the organization, by name. */
export function organizationAdmins(db: DbOrTx, organizationId: number) {
  return db
    .select({ firstName: persons.firstName, lastName: persons.lastName, email: persons.email })
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), isAdminSql(), isNull(persons.deactivatedAt)))
    .orderBy(persons.lastName, persons.firstName, persons.id);
}
