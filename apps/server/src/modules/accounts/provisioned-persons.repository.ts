import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema';

// What provisioning (SCIM, docs/decisions/038) reads of the persons table, which accounts owns.

/** Which of an organization's persons a provider asks for: by e-mail, by its own id, or all. */
export type PersonLookup = { email: string } | { externalId: string } | null;

function lookupCondition(lookup: PersonLookup): SQL | undefined {
  if (lookup === null) return undefined;
  // userName and e-mails compare without letter case (RFC 7643 §4.1.1: userName is caseExact false);
  // externalId compares exactly (caseExact true).
  if ('email' in lookup) return sql`lower(${persons.email}) = ${lookup.email.trim().toLowerCase()}`;
  return eq(persons.externalId, lookup.externalId);
}

/** One page of the organization's persons that match, in the order of their ids, and how many match. */
export async function findPersonsPage(
  tx: DbOrTx,
  organizationId: number,
  lookup: PersonLookup,
  page: { offset: number; limit: number },
) {
  const where = and(eq(persons.organizationId, organizationId), lookupCondition(lookup));
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(persons).where(where);
  const rows =
    page.limit === 0
      ? []
      : await tx
          .select()
          .from(persons)
          .where(where)
          .orderBy(asc(persons.id))
          .offset(page.offset)
          .limit(page.limit);
  return { total: Number(counted?.n ?? 0), rows };
}

/** The organization's persons holding the bit of `rights` themselves (not implied by admin). */
export function personsWithBit(tx: DbOrTx, organizationId: number, bit: number) {
  return tx
    .select()
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), sql`(${persons.rights} & ${bit}) <> 0`))
    .orderBy(asc(persons.id));
}
