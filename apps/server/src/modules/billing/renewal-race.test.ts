import { randomBytes } from 'node:crypto';
import { addMonthsClamped, BillingMode, BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  makeDueSubscriptions,
  makeOrganization,
  planId,
  runBillingCycle,
} from '../../../test/support/billing';
import { ADMIN_URL, createDatabase, dropDatabase, postgresReachable } from '../../../test/support/postgres';
import { type Database, openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { ManualClock } from '../../lib/clock';
import { seedCatalog } from '../../seed/catalog';

// Two servers catching up on a year of missed renewals for subscriptions whose card is refused
// (docs/design.md §3): each subscription gets its first bill, which is declined and, its grace long
// over, makes it Un-Paid and ends the subscription. No second period may be billed meanwhile,
// however the two servers' claims interleave: a claim that reads a subscription the other server
// has just renewed must see that server's new bill too.

const SUBS = 60;
const PERIODS = 12;
const ROUNDS = 4;

const reachable = await postgresReachable();
if (!reachable && process.env.CI === 'true')
  throw new Error(`The renewal race test needs PostgreSQL at ${ADMIN_URL}.`);

const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows;

describe.skipIf(!reachable)('two servers renewing the same due subscriptions', () => {
  const names: string[] = [];
  afterAll(async () => {
    for (const name of names) await dropDatabase(name);
  });

  /** A database with SUBS subscriptions a year behind, open twice as two servers would. */
  async function twoServers(): Promise<[Database, Database]> {
    const name = `race_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    names.push(name);
    const url = await createDatabase(name);
    const first = await openDatabase({ databaseUrl: url });
    await migrate(first);
    await seedCatalog(first.db);
    const declining = await makeOrganization(first.db, {
      name: 'Declining Co.',
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    const start = addMonthsClamped(new Date(), -PERIODS, undefined);
    start.setUTCDate(start.getUTCDate() - 1);
    await makeDueSubscriptions(first.db, {
      organizationId: declining.id,
      pricingPlanId: await planId(first.db, 'Flex 2,500'),
      count: SUBS,
      purchasedAt: start,
      billingMode: BillingMode.Monthly,
    });
    return [first, await openDatabase({ databaseUrl: url })];
  }

  const serve = async (database: Database, clock: ManualClock) => {
    const deps = {
      db: database.db,
      clock,
      gateway: createSandboxGateway(database.db),
      billing: { batchSize: 3, chargeConcurrency: 2 },
    };
    while ((await runBillingCycle(deps)).passes > 1);
  };

  // The interleaving that goes wrong is a matter of timing: without the second look, about every
  // other round billed some subscription twice.
  for (let round = 1; round <= ROUNDS; round += 1) {
    it(`bills each refused subscription once and ends it (round ${round})`, async () => {
      const servers = await twoServers();
      try {
        const clock = new ManualClock(new Date());
        await Promise.all(servers.map((server) => serve(server, clock)));
        const [first] = servers;
        const billsPerSub = await rows(
          first,
          sql`SELECT count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE o.kind = 'renewal' GROUP BY l.subscription_id ORDER BY n DESC`,
        );
        expect(billsPerSub).toHaveLength(SUBS);
        expect(billsPerSub[0]!.n).toBe(1);
        const unpaid = await rows(
          first,
          sql`SELECT count(*)::int AS n FROM orders WHERE status = ${BillStatus.UnPaid}`,
        );
        expect(unpaid[0]!.n).toBe(SUBS);
        const active = await rows(first, sql`SELECT count(*)::int AS n FROM subscriptions WHERE is_active`);
        expect(active[0]!.n).toBe(0);
      } finally {
        for (const server of servers) await server.close();
      }
    }, 60_000);
  }
});
