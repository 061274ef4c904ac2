import { describe, expect, it } from 'vitest';
import { BillingMode } from '../billing-cycle';
import {
  type MrrItem,
  monthlyValueCents,
  monthStartOf,
  receivableBucketOf,
  summarizeMrr,
  weekStartOf,
} from './dashboard';
import { CLOSED_DISPUTE_STATUSES, disputeReasonText, disputeStatusText, isDisputeOpen } from './disputes';

const at = (iso: string) => new Date(iso);

describe("the dashboard's periods", () => {
  it.each([
    ['2026-11-18T12:00:00Z', '2026-11-01T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-16T00:00:00Z', '2026-11-01T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-15T23:59:59Z', '2026-11-01T00:00:00.000Z', '2026-11-09T00:00:00.000Z'],
    // A week that began in the month before.
    ['2026-12-02T08:00:00Z', '2026-12-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['2027-01-03T08:00:00Z', '2027-01-01T00:00:00.000Z', '2026-12-28T00:00:00.000Z'],
  ])('at %s the month starts %s and the week (from Monday) %s', (now, month, week) => {
    expect(monthStartOf(at(now)).toISOString()).toBe(month);
    expect(weekStartOf(at(now)).toISOString()).toBe(week);
  });
});

describe('a price per cycle as a month', () => {
  it.each([
    [250_00, BillingMode.Monthly, 250_00],
    [712_50, BillingMode.Quarterly, 237_50],
    // 2,025.00 a year is 168.75 a month; 100.00 a year 8.333… rounds down; 1.50 a year is 12.5
    // cents and 0.06 half a cent, both up.
    [2025_00, BillingMode.Annually, 168_75],
    [100_00, BillingMode.Annually, 8_33],
    [1_50, BillingMode.Annually, 13],
    [6, BillingMode.Annually, 1],
    [1_00, BillingMode.Quarterly, 33],
    [2_00, BillingMode.Quarterly, 67],
  ])('%i cents in mode %i is %i cents a month', (cycle, mode, month) => {
    expect(monthlyValueCents(cycle, mode)).toBe(month);
  });

  it('has no month for a subscription that is never billed', () => {
    expect(() => monthlyValueCents(100, 7)).toThrow();
  });
});

describe('receivables by age', () => {
  const due = at('2026-08-01T00:00:00Z');
  const day = 86_400_000;
  it.each([
    [-day, 'current'],
    [0, 'current'],
    [3_600_000, '1-30'],
    [30 * day, '1-30'],
    [30 * day + 1, '31-60'],
    [60 * day, '31-60'],
    [60 * day + 1, '61-90'],
    [90 * day, '61-90'],
    [90 * day + 1, 'over-90'],
    [400 * day, 'over-90'],
  ])('%i ms past due is %s', (late, bucket) => {
    expect(receivableBucketOf(due, new Date(due.getTime() + late))).toBe(bucket);
  });
});

describe('MRR and its movement', () => {
  const monthStart = at('2026-11-01T00:00:00Z');
  const now = at('2026-11-18T12:00:00Z');
  const item = (over: Partial<MrrItem>): MrrItem => ({
    startedAt: at('2026-01-10T00:00:00Z'),
    endsAt: null,
    planMonthlyCents: 100_00,
    billedAtMonthStartCents: 100_00,
    billedNowCents: 100_00,
    ...over,
  });

  it.each<[string, Partial<MrrItem>, Partial<ReturnType<typeof summarizeMrr>>]>([
    ['unchanged', {}, { mrrCents: 100_00, atMonthStartCents: 100_00, subscriptions: 1 }],
    [
      'bought this month',
      { startedAt: at('2026-11-05T00:00:00Z'), billedAtMonthStartCents: null },
      { mrrCents: 100_00, atMonthStartCents: 0, newCents: 100_00, newSubscriptions: 1 },
    ],
    [
      'bought at the very start of the month',
      { startedAt: monthStart, billedAtMonthStartCents: 100_00 },
      { atMonthStartCents: 0, newCents: 100_00, newSubscriptions: 1 },
    ],
    [
      'ended this month',
      { endsAt: at('2026-11-10T00:00:00Z'), billedAtMonthStartCents: 90_00 },
      { mrrCents: 0, subscriptions: 0, atMonthStartCents: 90_00, churnCents: 90_00, churnedSubscriptions: 1 },
    ],
    [
      'cancelled, running to its date',
      { endsAt: at('2026-12-10T00:00:00Z') },
      { mrrCents: 100_00, churnCents: 0, subscriptions: 1 },
    ],
    [
      'ended last month',
      { endsAt: monthStart },
      { mrrCents: 0, atMonthStartCents: 0, churnCents: 0, subscriptions: 0 },
    ],
    [
      'bought and ended within the month',
      { startedAt: at('2026-11-02T00:00:00Z'), endsAt: at('2026-11-03T00:00:00Z') },
      { mrrCents: 0, newCents: 0, churnCents: 0, atMonthStartCents: 0 },
    ],
    [
      'renewed at a higher price this month',
      { planMonthlyCents: 120_00, billedNowCents: 120_00 },
      { mrrCents: 120_00, atMonthStartCents: 100_00, expansionCents: 20_00 },
    ],
    [
      'renewed on a decrease this month',
      { planMonthlyCents: 70_00, billedNowCents: 70_00 },
      { mrrCents: 70_00, contractionCents: 30_00 },
    ],
    [
      'upgraded this month, billed in full at its renewal',
      { planMonthlyCents: 150_00 },
      { mrrCents: 150_00, atMonthStartCents: 100_00, expansionCents: 0, notBilledYetCents: 50_00 },
    ],
    [
      'never billed here',
      { billedAtMonthStartCents: null, billedNowCents: null, planMonthlyCents: 42_00 },
      { mrrCents: 42_00, atMonthStartCents: 42_00, notBilledYetCents: 0 },
    ],
    ['not started yet', { startedAt: at('2026-11-20T00:00:00Z') }, { mrrCents: 0, newCents: 0 }],
  ])('%s', (_, over, expected) => {
    expect(summarizeMrr([item(over)], monthStart, now)).toMatchObject(expected);
  });

  it('adds up: the start, the movement and what is not billed yet make MRR', () => {
    const items = [
      item({}),
      item({ startedAt: at('2026-11-05T00:00:00Z'), billedAtMonthStartCents: null, billedNowCents: 55_55 }),
      item({ endsAt: at('2026-11-10T00:00:00Z'), billedAtMonthStartCents: 33_33 }),
      item({ planMonthlyCents: 120_00, billedNowCents: 120_00 }),
      item({ planMonthlyCents: 80_00, billedNowCents: 75_00 }),
      item({ planMonthlyCents: 130_00 }),
    ];
    const s = summarizeMrr(items, monthStart, now);
    expect(s).toEqual({
      mrrCents: 100_00 + 100_00 + 120_00 + 80_00 + 130_00,
      subscriptions: 5,
      atMonthStartCents: 100_00 + 33_33 + 100_00 + 100_00 + 100_00,
      newCents: 55_55,
      newSubscriptions: 1,
      expansionCents: 20_00,
      contractionCents: 25_00,
      churnCents: 33_33,
      churnedSubscriptions: 1,
      notBilledYetCents: 100_00 - 55_55 + 5_00 + 30_00,
    });
    expect(
      s.atMonthStartCents +
        s.newCents +
        s.expansionCents -
        s.contractionCents -
        s.churnCents +
        s.notBilledYetCents,
    ).toBe(s.mrrCents);
  });
});

describe('disputes in words', () => {
  it('is open until Stripe closes it', () => {
    expect(CLOSED_DISPUTE_STATUSES.map(isDisputeOpen)).toEqual([false, false, false, false]);
    for (const s of ['warning_needs_response', 'needs_response', 'under_review', 'appeal_under_review'])
      expect(isDisputeOpen(s)).toBe(true);
  });

  it.each([
    ['needs_response', 'Needs response'],
    ['warning_needs_response', 'Inquiry: needs response'],
    ['won', 'Won'],
    ['some_new_status', 'some_new_status'],
  ])('status %s reads %s', (status, text) => {
    expect(disputeStatusText(status)).toBe(text);
  });

  it.each([
    ['fraudulent', 'Fraudulent'],
    ['product_not_received', 'Product not received'],
    ['', '—'],
  ])('reason %s reads %s', (reason, text) => {
    expect(disputeReasonText(reason)).toBe(text);
  });
});
