import { z } from 'zod/mini';
import { GRACE_DAYS } from '../bill-rules';
import { monthsPerCycle } from '../billing-cycle';
import { roundHalfUp } from '../money';

// The console's home (docs/decisions/028): the store's revenue and what needs the operator, read
// from subscriptions, bills and disputes. Figures are integer cents inside and dollars on the wire
// (docs/decisions/001); every rule below is the one the server counts by and the screen explains.

const DAY_MS = 86_400_000;

/** The first of the month, 00:00 UTC: where "this month" starts. */
export const monthStartOf = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Monday 00:00 UTC of the week (ISO 8601): where "this week" starts. */
export const weekStartOf = (now: Date): Date => {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
};

/** How far ahead the dashboard lists renewals. */
export const RENEWALS_AHEAD_DAYS = 30;

/** A price per cycle as a month's share of it, rounded half up to the cent once. */
export const monthlyValueCents = (cycleCents: number, billingMode: number): number =>
  roundHalfUp(cycleCents / monthsPerCycle(billingMode));

export const RECEIVABLE_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over-90'] as const;
export type ReceivableBucket = (typeof RECEIVABLE_BUCKETS)[number];

export const RECEIVABLE_BUCKET_LABELS: Record<ReceivableBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  'over-90': 'Over 90 days',
};

/**
 * How long an unpaid bill is past its due date: 'current' until the due date has passed, then up to
 * 30 whole days '1-30' (one hour late is one day late), and so on; more than 90 days is 'over-90'.
 */
export const receivableBucketOf = (due: Date, now: Date): ReceivableBucket => {
  const late = now.getTime() - due.getTime();
  if (late <= 0) return 'current';
  if (late <= 30 * DAY_MS) return '1-30';
  if (late <= 60 * DAY_MS) return '31-60';
  if (late <= 90 * DAY_MS) return '61-90';
  return 'over-90';
};

/** One billed subscription as the MRR figures see it (all amounts in cents a month). */
export interface MrrItem {
  /** Its purchase: when its first period started. */
  startedAt: Date;
  /** When it ended or will end (its deactivation date); null while it renews. */
  endsAt: Date | null;
  /** Its plan's price per cycle today for its terms in force, a month's share. */
  planMonthlyCents: number;
  /** Its period running at the month's start as billed, a month's share; null when no bill says. */
  billedAtMonthStartCents: number | null;
  /** Its period running now as billed, a month's share; null when no bill says. */
  billedNowCents: number | null;
}

export interface MrrSummary {
  mrrCents: number;
  subscriptions: number;
  atMonthStartCents: number;
  newCents: number;
  newSubscriptions: number;
  expansionCents: number;
  contractionCents: number;
  churnCents: number;
  churnedSubscriptions: number;
  notBilledYetCents: number;
}

const runningAt = (item: MrrItem, at: Date) => item.endsAt === null || item.endsAt > at;

/**
 * MRR and its movement this month (docs/decisions/028). MRR is every running subscription's plan
 * price today; the movement compares what bills charged a month for the periods running at the
 * month's start and now, so that months follow on from each other; what bills have not caught up
 * with yet (an upgrade until its renewal, a new plan price or discount) is its own figure, and
 * atMonthStart + new + expansion − contraction − churn + notBilledYet = MRR. A subscription no bill
 * speaks for (one imported, never billed here) counts at its plan price throughout.
 */
export function summarizeMrr(items: readonly MrrItem[], monthStart: Date, now: Date): MrrSummary {
  const sum: MrrSummary = {
    mrrCents: 0,
    subscriptions: 0,
    atMonthStartCents: 0,
    newCents: 0,
    newSubscriptions: 0,
    expansionCents: 0,
    contractionCents: 0,
    churnCents: 0,
    churnedSubscriptions: 0,
    notBilledYetCents: 0,
  };
  for (const item of items) {
    const atStart = item.startedAt < monthStart && runningAt(item, monthStart);
    const atNow = item.startedAt <= now && runningAt(item, now);
    const billedStart = item.billedAtMonthStartCents ?? item.planMonthlyCents;
    const billedNow = item.billedNowCents ?? item.planMonthlyCents;
    if (atStart) sum.atMonthStartCents += billedStart;
    if (atNow) {
      sum.mrrCents += item.planMonthlyCents;
      sum.subscriptions += 1;
      sum.notBilledYetCents += item.planMonthlyCents - billedNow;
    }
    if (atNow && !atStart) {
      sum.newCents += billedNow;
      sum.newSubscriptions += 1;
    } else if (atStart && !atNow) {
      sum.churnCents += billedStart;
      sum.churnedSubscriptions += 1;
    } else if (atStart && atNow) {
      const change = billedNow - billedStart;
      if (change > 0) sum.expansionCents += change;
      else sum.contractionCents -= change;
    }
  }
  return sum;
}

const money = z.number();
const count = z.number().check(z.int());

/** GET /api/ops/dashboard. Money in dollars, dates as ISO 8601. */
export const OpsDashboardSchema = z.object({
  asOf: z.string(),
  monthStart: z.string(),
  weekStart: z.string(),
  mrr: z.object({
    mrr: money,
    subscriptions: count,
    atMonthStart: money,
    new: money,
    newSubscriptions: count,
    expansion: money,
    contraction: money,
    churn: money,
    churnedSubscriptions: count,
    notBilledYet: money,
  }),
  failedPayments: z.object({
    /** Declined charge attempts this week. */
    count,
    /** The bills they were for. */
    bills: count,
    /** What those bills still owe. */
    amountAtRisk: money,
  }),
  renewals: z.object({ until: z.string(), count, amount: money }),
  receivables: z.object({
    buckets: z.array(z.object({ bucket: z.enum(RECEIVABLE_BUCKETS), bills: count, amount: money })),
    bills: count,
    amount: money,
  }),
  disputes: z.object({ open: count, amount: money }),
});
export type OpsDashboard = z.infer<typeof OpsDashboardSchema>;

/** The dashboard's help: what each figure counts, in the words of docs/decisions/028. */
export const OPS_DASHBOARD_DEFINITIONS: ReadonlyArray<{ term: string; definition: string }> = [
  {
    term: 'MRR',
    definition:
      "Monthly recurring revenue: every subscription billed monthly, quarterly or annually that has not ended, at its plan's price per cycle today (the plan's fee for its engines and extra designers, less its cycle discount and its organization's discount; overage is not recurring), divided by the months of its cycle and rounded to the cent.",
  },
  {
    term: "At the month's start",
    definition:
      'The subscriptions running on the 1st at 00:00 UTC, each at what the bill of the period running then charged, divided by the months of its cycle.',
  },
  {
    term: 'New',
    definition: 'Subscriptions bought this month and still running, at what their purchase charged a month.',
  },
  {
    term: 'Expansion and contraction',
    definition:
      'Subscriptions running since before the month whose billed price a month rose or fell this month: a renewal that billed another plan, more or fewer engines or designers, a new plan price or discount.',
  },
  {
    term: 'Churn',
    definition: `Subscriptions running when the month began that ended this month: a cancellation reaching its date, a bill still unpaid ${GRACE_DAYS} days after its date, or a refund that ended them; at what their bill charged a month.`,
  },
  {
    term: 'Not billed yet',
    definition:
      "Changes in force that bills have not caught up with: an upgrade is charged pro rata at once and billed in full from its next renewal; a new plan price or discount reaches a subscription at its next renewal. MRR = the month's start + new + expansion − contraction − churn + not billed yet.",
  },
  {
    term: 'Failed payments',
    definition:
      'Card charges the gateway declined this week (since Monday 00:00 UTC), a retry declined again counted again. At risk: what the bills behind them still owe.',
  },
  {
    term: 'Renewals',
    definition: `Subscriptions whose next renewal falls within ${RENEWALS_AHEAD_DAYS} days (cancelled ones left out), and what those renewals will bill: today's plan price for the terms the renewal takes (a decrease saved in the editor applies there), without overage.`,
  },
  {
    term: 'Receivables',
    definition:
      'Bills still owed (pending or past-due charges, open invoices, Un-Paid bills; not a checkout or editor charge the card refused, which is void) by how long they are past their due date. A card charge still being settled has no due date and is current.',
  },
  {
    term: 'Disputes',
    definition:
      'Disputes Stripe has not closed (won, lost, prevented or an inquiry closed), and the amount they hold.',
  },
];
