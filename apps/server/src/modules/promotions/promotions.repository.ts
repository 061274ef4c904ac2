import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PromotionCodeRow, promotionCodes, promotionRedemptions } from '../../db/schema';

// The SQL of promotion codes and their redemptions (docs/decisions/041); this module alone writes them.

export type NewPromotionCode = typeof promotionCodes.$inferInsert;

export async function findCode(db: DbOrTx, code: string): Promise<PromotionCodeRow | undefined> {
  const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.code, code));
  return row;
}

export async function findCodeById(db: DbOrTx, id: number): Promise<PromotionCodeRow | undefined> {
  const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.id, id));
  return row;
}

export async function listCodes(db: DbOrTx): Promise<PromotionCodeRow[]> {
  return db.select().from(promotionCodes).orderBy(desc(promotionCodes.createdAt), desc(promotionCodes.id));
}

/** The new code, or null when one of that name exists (the unique code decides, under any race). */
export async function insertCode(db: DbOrTx, row: NewPromotionCode): Promise<PromotionCodeRow | null> {
  const [created] = await db.insert(promotionCodes).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function deactivateCode(db: DbOrTx, id: number, now: Date): Promise<PromotionCodeRow | null> {
  const [row] = await db
    .update(promotionCodes)
    .set({ isActive: false, deactivatedAt: sql`COALESCE(${promotionCodes.deactivatedAt}, ${now})` })
    .where(eq(promotionCodes.id, id))
    .returning();
  return row ?? null;
}

export async function organizationRedeemed(db: DbOrTx, codeId: number, organizationId: number) {
  const [row] = await db
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionCodeId, codeId),
        eq(promotionRedemptions.organizationId, organizationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one redemption if the code is still usable now, in one statement: two checkouts racing for
 * the last redemption both run it, and the row lock lets the second see the first's count, so only
 * one gets a row back (PostgreSQL re-checks the WHERE on the updated row).
 */
export async function countRedemption(db: DbOrTx, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(promotionCodes)
    .set({ redemptions: sql`${promotionCodes.redemptions} + 1` })
    .where(
      and(
        eq(promotionCodes.id, codeId),
        eq(promotionCodes.isActive, true),
        sql`(${promotionCodes.expiresAt} IS NULL OR ${promotionCodes.expiresAt} > ${now})`,
        sql`(${promotionCodes.maxRedemptions} IS NULL OR ${promotionCodes.redemptions} < ${promotionCodes.maxRedemptions})`,
      ),
    )
    .returning({ id: promotionCodes.id });
  return rows.length === 1;
}

/** The redemption's row, or null when the organization has one of this once-per-organization code. */
export async function insertRedemption(
  db: DbOrTx,
  row: typeof promotionRedemptions.$inferInsert,
): Promise<number | null> {
  const [created] = await db
    .insert(promotionRedemptions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: promotionRedemptions.id });
  return created?.id ?? null;
}

export async function redemptionOfOrder(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.orderId, orderId));
  return row?.id ?? null;
}

/** A refused checkout's redemption given back: its row gone, the code's count down by one. */
export async function releaseRedemption(db: DbOrTx, orderId: number): Promise<boolean> {
  const [gone] = await db
    .delete(promotionRedemptions)
    .where(eq(promotionRedemptions.orderId, orderId))
    .returning({ codeId: promotionRedemptions.promotionCodeId });
  if (!gone) return false;
  await db
    .update(promotionCodes)
    .set({ redemptions: sql`${promotionCodes.redemptions} - 1` })
    .where(eq(promotionCodes.id, gone.codeId));
  return true;
}
