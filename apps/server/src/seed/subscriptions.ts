import type { DbOrTx } from '../db/client';
import type { Clock } from '../lib/clock';
import type { DemoOrganizations } from './organizations';

export type DemoSubscriptions = Record<string, number>;

/** Issue 6 fills this: subscriptions in every state, a year of usage. */
export async function seedDemoSubscriptions(_db: DbOrTx, _clock: Clock, _orgs: DemoOrganizations): Promise<DemoSubscriptions> {
  return {};
}
