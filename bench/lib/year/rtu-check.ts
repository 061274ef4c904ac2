import { addMonthsClamped } from '@store/core';
import type { Check } from './checks';
import { groupBy } from './group-by';
import type { Query, SimModel, SimSub } from './model';

// Every RTU beyond a month's allowance billed once, at the plan in force that month: for each
// metered subscription and each month of usage that ended (a day before the end, so its billing
// ran), the RTUs the engines reported in it, less the base RTUs of the plan in force at its end,
// times that plan's rate, must be the one overage bill of that month (and no bill when nothing is over).

const planAt = (sub: SimSub, at: number): number => {
  let planId = sub.planHistory[0]!.planId;
  for (const change of sub.planHistory) if (change.from <= at) planId = change.planId;
  return planId;
};

export async function rtuViolations(q: Query, model: SimModel, now: Date): Promise<Check> {
  const metered = model.subs.filter((s) => s.metered && s.firstOverageEnd !== undefined);
  const ids = metered.map((s) => s.id);
  if (ids.length === 0)
    return { name: 'every RTU beyond an allowance billed exactly once', checked: 0, violations: [] };
  const reports = await q<{ subscription_id: number; pages: number; reported_at: Date }>(
    'SELECT subscription_id, pages, reported_at FROM usage_reports WHERE subscription_id = ANY($1::int[])',
    [ids],
  );
  const lines = await q<{ subscription_id: number; period_end: Date; amount_cents: number }>(
    `SELECT l.subscription_id, l.period_end, l.amount_cents FROM order_lines l
      JOIN orders o ON o.id = l.order_id AND o.kind = 'overage' WHERE l.subscription_id = ANY($1::int[])`,
    [ids],
  );
  // Each subscription's own rows, found once (a year holds hundreds of thousands of reports).
  const reportsOf = groupBy(reports, (r) => Number(r.subscription_id));
  const linesOf = groupBy(lines, (l) => Number(l.subscription_id));
  const violations: string[] = [];
  let months = 0;
  const settled = now.getTime() - 86_400_000;
  for (const sub of metered) {
    const mine = reportsOf.get(sub.id) ?? [];
    const billed = linesOf.get(sub.id) ?? [];
    let start = addMonthsClamped(new Date(sub.firstOverageEnd!), -1, sub.anchorDay).getTime();
    for (let k = 0; ; k += 1) {
      const end = addMonthsClamped(new Date(sub.firstOverageEnd!), k, sub.anchorDay).getTime();
      if (end > settled) break;
      months += 1;
      const plan = model.plans.find((p) => p.id === planAt(sub, end - 1))!;
      const rtus = mine
        .filter((r) => new Date(r.reported_at).getTime() >= start && new Date(r.reported_at).getTime() < end)
        .reduce((sum, r) => sum + r.pages, 0);
      const over = Math.max(0, rtus - plan.baseRtus);
      const expected = Math.round((over * plan.overagePerRtuMicros) / 10_000);
      const got = billed.filter((l) => new Date(l.period_end).getTime() === end);
      const gotCents = got.reduce((sum, l) => sum + l.amount_cents, 0);
      if ((expected > 0 && got.length !== 1) || gotCents !== expected)
        violations.push(
          `subscription ${sub.id}, month to ${new Date(end).toISOString()} on ${plan.name}: ${rtus} RTUs, ${over} over, expected ${expected} cents, billed ${got.length} time(s) ${gotCents} cents`,
        );
      start = end;
    }
  }
  return {
    name: 'every RTU beyond an allowance billed exactly once, at the plan in force that month',
    checked: months,
    violations,
  };
}
