import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/** The buying organization as it is now: its discount, card and billing address price and bill the cart. */
export async function findBuyer(db: DbOrTx, organizationId: number) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return org;
}
