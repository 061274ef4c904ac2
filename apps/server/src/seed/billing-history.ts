import type { DbOrTx } from '../db/client';
import type { Clock } from '../lib/clock';
import type { DemoOrganizations } from './organizations';
import type { DemoSubscriptions } from './subscriptions';

/** Issue 7 fills this: a year of bills for the demo organization. */
export async function seedBillingHistory(
  _db: DbOrTx,
  _clock: Clock,
  _orgs: DemoOrganizations,
  _subs: DemoSubscriptions,
): Promise<void> {}
