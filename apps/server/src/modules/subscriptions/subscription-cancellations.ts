import { groupCancellations, type OpsCancellationReasons, reportStartOf } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { cancellationsSince } from './subscription-cancellations.repository';

/**
 * The console's Cancellation reasons (docs/decisions/035): customers' cancellations of the last
 * `months` months, this one included, per month (UTC) and plan.
 */
export async function cancellationReasons(
  db: DbOrTx,
  now: Date,
  months: number,
): Promise<OpsCancellationReasons> {
  const from = reportStartOf(now, months);
  const rows = await cancellationsSince(db, from);
  return {
    from: from.toISOString(),
    groups: groupCancellations(rows.map((r) => ({ ...r, cancelledAt: r.cancelledAt.toISOString() }))),
  };
}
