import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { Clock } from '../lib/clock';
import type { OfflineLicenseService } from '../modules/licensing';
import { seedBillingHistory } from './billing-history';
import { seedCatalog } from './catalog';
import { seedDemoOrganizations } from './organizations';
import { seedPromotionCodes } from './promotions';
import { seedDemoSubscriptions } from './subscriptions';

/**
 * Demo data, once: only into an empty database. Returns whether it seeded. Its offline license file is
 * signed as the store signs them, with the key the store publishes.
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  licensing: Pick<OfflineLicenseService, 'issueOfflineLicense'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    const existing = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM products`);
    if (Number(existing[0]?.n) > 0) return false;
    await seedCatalog(tx);
    const orgs = await seedDemoOrganizations(tx);
    const subs = await seedDemoSubscriptions(tx, clock, orgs, licensing);
    await seedBillingHistory(tx, clock, orgs, subs);
    await seedPromotionCodes(tx, clock);
    return true;
  });
}
