import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Stripe's events as received (decision 018): the one module that writes stripe_events.

/**
 * Records a delivery of an event. True: handle it (new, or delivered before and not yet handled to
 * the end). False: it was handled already, a replay.
 */
export async function receiveEvent(db: DbOrTx, event: { id: string; type: string; payload: unknown }) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO stripe_events (id, type, payload) VALUES (${event.id}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET deliveries = stripe_events.deliveries + 1
          WHERE stripe_events.processed_at IS NULL
        RETURNING id`,
  );
  if (rows.length > 0) return true;
  await db.execute(sql`UPDATE stripe_events SET deliveries = deliveries + 1 WHERE id = ${event.id}`);
  return false;
}

export async function markEventProcessed(db: DbOrTx, id: string, outcome: string): Promise<void> {
  await db.execute(sql`UPDATE stripe_events SET processed_at = now(), outcome = ${outcome} WHERE id = ${id}`);
}
