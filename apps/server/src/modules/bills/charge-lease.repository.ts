import { CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// The charge lease (docs/decisions/007, migration 0101). Whoever claims a bill for a charge takes the
// bill's next `charge_lease` number and a lease end (next_attempt_at). Claims are made well before
// the gateway call (a whole pass of renewals is made in seconds, then charged at the gateway's pace),
// so right before the call the claimant takes the lease again: a compare-and-set on the number it was
// given. A claimant whose lease ended while it waited, and whose bill another claimant took over
// meanwhile, finds the number moved on and charges nothing; the one that holds it calls the gateway
// with a fresh lease, which no call outlives.

/** A claim about to call the gateway: the bill and the lease number its claim was given. */
export interface HeldLease {
  orderId: number;
  lease: number;
}

/**
 * Takes the lease of each bill whose number is still the one given (and that is still chargeable),
 * until `leaseUntil`, in one statement. Answers the bills now held; the others are someone else's.
 */
export async function holdLeases(db: DbOrTx, claims: HeldLease[], leaseUntil: Date): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const payload = JSON.stringify(claims.map((c) => ({ id: c.orderId, lease: c.lease })));
  const held = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET charge_lease = o.charge_lease + 1,
        next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      FROM json_to_recordset(${payload}::json) AS v(id int, lease int)
      WHERE o.id = v.id AND o.charge_lease = v.lease
        AND o.status IN (${sql.raw(CHARGEABLE_BILL_STATUSES.join(', '))})
      RETURNING o.id`,
  );
  return new Set(held.map((r) => Number(r.id)));
}
