import { z } from 'zod/mini';
import { dayField } from '../schemas/activity';

// The console's Reconcile screen (GET /api/ops/reconcile): the gateway's charges against the bills,
// the same comparison as `npm run ops -- reconcile` (docs/operator.md).

export const OpsReconcileQuerySchema = z.strictObject({
  /** Charges made and bills dated since that day (UTC); everything when absent. */
  since: dayField('since'),
});

export const ReconcileDifferenceSchema = z.object({
  /** The line the command prints. */
  text: z.string(),
  /** The bill it concerns, for the console's link; null for a charge of no bill. */
  orderId: z.nullable(z.number().check(z.int())),
  /** That bill's name (its invoice number, or its order number before it has one). */
  billName: z.nullable(z.string()),
});
export type ReconcileDifference = z.infer<typeof ReconcileDifferenceSchema>;

export const OpsReconcileReportSchema = z.object({
  checkedAt: z.string(),
  since: z.nullable(z.string()),
  differences: z.array(ReconcileDifferenceSchema),
});
export type OpsReconcileReport = z.infer<typeof OpsReconcileReportSchema>;
