import { z } from 'zod/mini';
import { CANCELLATION_REASONS, type CancellationReason } from '../cancellation-reasons';

// The console's Cancellation reasons (docs/decisions/035): customers' cancellations grouped by the
// month they cancelled in (UTC) and the plan they were on, each reason counted and every text shown.

/** How many months back the console reads by default, this month included. */
export const CANCELLATION_REPORT_MONTHS = 12;

/** GET /api/ops/cancellation-reasons: `?months=` back from this month (1 to 36). */
export const OpsCancellationReasonsQuerySchema = z.strictObject({
  months: z._default(
    z.coerce
      .number({ error: 'months must be a number' })
      .check(
        z.int('months must be a whole number'),
        z.gte(1, 'months must be at least 1'),
        z.lte(36, 'months must be at most 36'),
      ),
    CANCELLATION_REPORT_MONTHS,
  ),
});
export type OpsCancellationReasonsQuery = z.infer<typeof OpsCancellationReasonsQuerySchema>;

/**
 * A reason as the report names it: 'none' for a cancellation whose customer gave none (a word, not
 * null: the API document's nullable enums do not admit null in OpenAPI 3.0).
 */
export const REPORTED_REASONS = [...CANCELLATION_REASONS, 'none'] as const;
export type ReportedReason = (typeof REPORTED_REASONS)[number];
const ReasonField = z.enum(REPORTED_REASONS);

export const OpsCancellationGroupSchema = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  pricingPlanId: z.number().check(z.int()),
  productName: z.string(),
  planName: z.string(),
  cancellations: z.number().check(z.int()),
  /** Each reason given in the group with its count, most given first; null: none given. */
  reasons: z.array(z.object({ reason: ReasonField, count: z.number().check(z.int()) })),
  /** The free texts, newest first. */
  comments: z.array(
    z.object({
      reason: ReasonField,
      text: z.string(),
      cancelledAt: z.string(),
      subscriptionId: z.number().check(z.int()),
    }),
  ),
});
export type OpsCancellationGroup = z.infer<typeof OpsCancellationGroupSchema>;

/** Newest month first; within a month, the plan with most cancellations first. */
export const OpsCancellationReasonsSchema = z.object({
  from: z.string(),
  groups: z.array(OpsCancellationGroupSchema),
});
export type OpsCancellationReasons = z.infer<typeof OpsCancellationReasonsSchema>;

/** 'YYYY-MM' in words: '2026-11' reads 'November 2026'. */
export const monthText = (month: string): string => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** The first day (UTC) of the month `months - 1` before `now`'s: where the report starts. */
export const reportStartOf = (now: Date, months: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));

/** One cancellation as the report reads it (newest first). */
export interface CancellationRecord {
  month: string;
  pricingPlanId: number;
  productName: string;
  planName: string;
  subscriptionId: number;
  cancelledAt: string;
  reason: CancellationReason | null;
  comment: string | null;
}

/**
 * Groups cancellations by month and plan: newest month first, then the plan with most cancellations
 * (its name breaks ties); in a group the reasons by count (list order breaks ties, none given last)
 * and the texts newest first.
 */
export function groupCancellations(records: readonly CancellationRecord[]): OpsCancellationGroup[] {
  const groups = new Map<string, OpsCancellationGroup & { counts: Map<ReportedReason, number> }>();
  for (const r of records) {
    const key = `${r.month}/${r.pricingPlanId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        month: r.month,
        pricingPlanId: r.pricingPlanId,
        productName: r.productName,
        planName: r.planName,
        cancellations: 0,
        reasons: [],
        comments: [],
        counts: new Map(),
      };
      groups.set(key, g);
    }
    const reason = r.reason ?? 'none';
    g.cancellations++;
    g.counts.set(reason, (g.counts.get(reason) ?? 0) + 1);
    if (r.comment)
      g.comments.push({
        reason,
        text: r.comment,
        cancelledAt: r.cancelledAt,
        subscriptionId: r.subscriptionId,
      });
  }
  const rank = (reason: ReportedReason) => REPORTED_REASONS.indexOf(reason);
  return [...groups.values()]
    .map(({ counts, ...g }) => ({
      ...g,
      reasons: [...counts.entries()]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || rank(a.reason) - rank(b.reason)),
      comments: g.comments.sort((a, b) => b.cancelledAt.localeCompare(a.cancelledAt)),
    }))
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        b.cancellations - a.cancellations ||
        `${a.productName} ${a.planName}`.localeCompare(`${b.productName} ${b.planName}`),
    );
}
