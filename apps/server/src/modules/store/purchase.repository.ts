import { and, eq, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client';
import { orderLines, orders, paymentAttempts, subscriptions } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export const purchaseRepository = {
  async findByKey(db: DbOrTx, organizationId: number, idempotencyKey: string): Promise<OrderRow | null> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, organizationId), eq(orders.idempotencyKey, idempotencyKey)));
    return row ?? null;
  },

  async findById(db: DbOrTx, id: number): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  },

  /** Row lock for step (3): a purchase and the settling job never both complete one order. */
  async lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row ?? null;
  },

  /** Inserts the pending order; null when another request already holds this Idempotency-Key. */
  async insertPending(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow | null> {
    const [row] = await db
      .insert(orders)
      .values(values)
      .onConflictDoNothing({ target: [orders.organizationId, orders.idempotencyKey] })
      .returning();
    return row ?? null;
  },

  /** The subscriptions an order created, in line order (a replayed request answers with them). */
  subscriptionsOf(db: DbOrTx, orderId: number) {
    return db
      .select({ subscriptionId: subscriptions.id, description: subscriptions.description })
      .from(orderLines)
      .innerJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id);
  },

  pendingPurchasesBefore(db: DbOrTx, status: number, before: Date) {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.kind, 'purchase'), eq(orders.status, status), lt(orders.billingDate, before)))
      .orderBy(orders.id)
      .limit(100);
  },

  async recordAttempt(db: DbOrTx, values: typeof paymentAttempts.$inferInsert): Promise<void> {
    await db
      .insert(paymentAttempts)
      .values(values)
      .onConflictDoNothing({ target: paymentAttempts.gatewayKey });
  },

  async finishAttempt(
    db: DbOrTx,
    gatewayKey: string,
    values: { status: string; gatewayChargeId?: string | null; message?: string | null },
  ): Promise<void> {
    await db.update(paymentAttempts).set(values).where(eq(paymentAttempts.gatewayKey, gatewayKey));
  },

  async countOrders(db: DbOrTx, organizationId: number): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM orders WHERE organization_id = ${organizationId}`,
    );
    return Number(rows[0]?.n ?? 0);
  },
};
