import { formatUsd } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sandboxCharges, sandboxRefunds } from '../db/schema';
import { randomToken } from '../lib/tokens';
import type { PaymentGateway, RefundResult } from './payment-gateway';

const toResult = (row: typeof sandboxRefunds.$inferSelect): RefundResult => ({
  status: 'succeeded',
  refundId: row.id,
});

/**
 * The sandbox's refunds, as Stripe test mode answers them (docs/decisions/016): at once and in full,
 * once per idempotency key; refusing a charge that is not there, already refunded, or asked for
 * more than is left of it, in Stripe's words.
 */
export function sandboxRefunding(db: DbOrTx): Pick<PaymentGateway, 'refund' | 'findRefund' | 'listRefunds'> {
  async function byKey(idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    return row ?? null;
  }
  return {
    async refund({ chargeId, amountCents, idempotencyKey }) {
      const earlier = await byKey(idempotencyKey);
      if (earlier) return toResult(earlier);
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'succeeded')));
      if (!charge)
        return { status: 'failed', code: 'resource_missing', message: `No such charge: '${chargeId}'` };
      const [done] = await db
        .select({ cents: sql<number>`COALESCE(sum(${sandboxRefunds.amountCents}), 0)::int` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.chargeId, chargeId));
      const left = charge.amountCents - Number(done?.cents ?? 0);
      if (left <= 0) {
        return {
          status: 'failed',
          code: 'charge_already_refunded',
          message: `Charge ${chargeId} has already been refunded.`,
        };
      }
      if (amountCents > left) {
        return {
          status: 'failed',
          code: 'invalid_request',
          message: `Refund amount (${formatUsd(amountCents)}) is greater than unrefunded amount on charge (${formatUsd(left)})`,
        };
      }
      const [row] = await db
        .insert(sandboxRefunds)
        .values({
          id: `re_sandbox_${randomToken(12)}`,
          idempotencyKey,
          chargeId,
          amountCents,
          status: 'succeeded',
        })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
        .returning();
      return toResult(row ?? (await byKey(idempotencyKey))!);
    },
    async findRefund(idempotencyKey) {
      const row = await byKey(idempotencyKey);
      return row ? toResult(row) : null;
    },
    async listRefunds(chargeId) {
      const rows = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, chargeId));
      return rows.map((r) => ({
        refundId: r.id,
        amountCents: r.amountCents,
        status: r.status,
        idempotencyKey: r.idempotencyKey,
      }));
    },
  };
}
