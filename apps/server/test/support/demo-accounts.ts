import { eq } from 'drizzle-orm';
import { organizations } from '../../src/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT } from '../../src/seed/organizations';
import type { TestApp } from './test-app';

/** The demo admin signed in to the demo's sub-account, 'Demo Documents Europe', which they also administer. */
export async function loginSubAccount(t: TestApp) {
  const [europe] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.companyName, DEMO_SUB_ACCOUNT));
  return t.login(DEMO_EMAIL, DEMO_PASSWORD, europe!.id);
}
