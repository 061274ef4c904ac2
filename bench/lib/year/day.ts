import type { Customers } from './customers';
import { inParallel } from './in-parallel';
import type { SimModel, SimOrg } from './model';
import type { Operator } from './operator';

// One day of the store's customers, engines and operator, at the monthly rates of the year.

export const MONTHLY = { planChange: 0.05, cancel: 0.02, cardDeclines: 0.03, refund: 0.01, purchase: 0.01 };
const DAILY = (monthly: number) => monthly / 30;

export interface DayPlan {
  day: number;
  random: () => number;
  model: SimModel;
  customers: Customers;
  operator: Operator;
  /** Organizations whose card began to decline, and the day each saves a good card (or never). */
  recoveries: Map<number, number | null>;
  /** Organizations that never pay their invoices (their subscriptions reach deactivation). */
  neverPays: (organizationId: number) => boolean;
  threeDSecure: boolean;
}

const trace = process.env.YEAR_TRACE
  ? (what: string, since: number) => console.log(`  ${what}: ${Date.now() - since} ms`)
  : () => {};

export async function runDay(p: DayPlan): Promise<void> {
  const { random, model, customers, day } = p;
  const meteredOrgs = new Set(model.subs.filter((s) => s.metered).map((s) => s.orgId));
  const live = model.subs.filter((s) => !s.cancelled);
  const usage = live.filter((s) => s.metered);
  const changes = live.filter(() => random() < DAILY(MONTHLY.planChange));
  const cancels = live.filter((s) => !s.metered && random() < DAILY(MONTHLY.cancel));
  const cardOrgs = model.orgs.filter((o) => o.kind === 'card' || o.kind === 'sub-account');
  const declining = cardOrgs.filter(
    (o) => !o.declining && !meteredOrgs.has(o.id) && random() < DAILY(MONTHLY.cardDeclines),
  );
  const buyers = cardOrgs.filter(
    () => random() < (DAILY(MONTHLY.purchase) * model.subs.length) / cardOrgs.length,
  );

  // The day's customers, engines and operator act at once, as in a real store: each kind of work
  // is its own stream of calls, timed from the day's start.
  const t = Date.now();
  const timed = (what: string, work: Promise<void>) => work.then(() => trace(what, t));
  await Promise.all([
    timed(
      `usage ${usage.length}`,
      inParallel(usage, 24, (sub) => customers.reportUsage(sub, day)),
    ),
    timed(
      `changes ${changes.length}`,
      inParallel(changes, 6, (sub) => customers.changePlan(sub)),
    ),
    timed(
      `cancels ${cancels.length}`,
      inParallel(cancels, 4, (sub) => customers.cancel(sub)),
    ),
    timed(`cards ${declining.length}`, changeCards(p, declining)),
    timed(
      `buyers ${buyers.length}`,
      inParallel(buyers, 4, async (org) => {
        // Some banks ask for 3-D Secure: the admin enters card 4000 0027 6000 3184 first.
        if (p.threeDSecure && !meteredOrgs.has(org.id) && random() < 0.2)
          await customers.saveCard(org, 'pm_card_authenticationRequired');
        await customers.purchase(org, `year-${day}-${org.id}`);
      }),
    ),
    timed('refunds', p.operator.refundSome(MONTHLY.refund)),
    timed('transfers', p.operator.recordTransfers(3, p.neverPays)),
  ]);
}

/** Cards that begin to decline today, and those whose admin saves a good card again today. */
async function changeCards(p: DayPlan, declining: SimOrg[]): Promise<void> {
  const { customers, random, day, model } = p;
  // The bank refuses these cards from now on: the admin saved a card that lacks funds.
  await inParallel(declining, 4, async (org) => {
    if (await customers.saveCard(org, 'pm_card_chargeDeclinedInsufficientFunds')) {
      org.declining = true;
      p.recoveries.set(org.id, random() < 0.5 ? day + 2 + Math.floor(random() * 9) : null);
    }
  });
  const recovering = [...p.recoveries].filter(([, on]) => on === day).map(([id]) => id);
  await inParallel(recovering, 4, async (id) => {
    const org = model.orgs.find((o) => o.id === id) as SimOrg;
    if (await customers.saveCard(org, 'pm_card_visa')) {
      org.declining = false;
      p.recoveries.delete(id);
    }
  });
}
