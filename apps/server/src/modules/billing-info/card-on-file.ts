import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

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
