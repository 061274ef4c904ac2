import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

type NewOrganization = typeof organizations.$inferInsert;

// The organization's billing columns: its billing address, its gateway customer and its card on file.

/**
 * Stripe updated a saved card (payment_method.updated / automatically_updated: a new expiry or
 * number from the card network, decision 018): the organizations whose card on file it is keep its
 * brand, last four digits and expiry as Modify Billing Info shows them. Answers how many changed.
 */
export async function updateCardOnFile(
  db: DbOrTx,
  paymentMethodId: string,
  card: { brand: string | null; lastFour: string | null; expMonth: number | null; expYear: number | null },
): Promise<number> {
  const rows = await db
    .update(organizations)
    .set({
      cardBrand: card.brand,
      cardLastFour: card.lastFour,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
    })
    .where(eq(organizations.paymentMethodId, paymentMethodId))
    .returning({ id: organizations.id });
  return rows.length;
}

/** The gateway customer the organization's cards are saved under. */
export async function saveGatewayCustomer(db: DbOrTx, organizationId: number, customerId: string) {
  await db
    .update(organizations)
    .set({ gatewayCustomerId: customerId })
    .where(eq(organizations.id, organizationId));
}

/** Saves billing information; the organization's row as it is now. */
export async function saveBillingInfo(db: DbOrTx, organizationId: number, values: Partial<NewOrganization>) {
  const [row] = await db
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}
