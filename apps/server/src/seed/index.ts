import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { Clock } from '../lib/clock';
import { seedBillingHistory } from './billing-history';
import { seedCatalog } from './catalog';
import { seedDemoOrganizations } from './organizations';
import { seedDemoSubscriptions } from './subscriptions';

/** Demo data, once: only into an empty database. Returns whether it seeded. */
export async function seedDemo(db: Db, clock: Clock): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    const existing = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM products`);
    if (Number(existing[0]?.n) > 0) return false;
    await seedCatalog(tx);
    const orgs = await seedDemoOrganizations(tx);
    const subs = await seedDemoSubscriptions(tx, clock, orgs);
    await seedBillingHistory(tx, clock, orgs, subs);
    return true;
  });
}
