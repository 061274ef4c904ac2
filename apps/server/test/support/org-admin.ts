import { eq } from 'drizzle-orm';
import { persons } from '../../src/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/seed/organizations';
import { makeOrganization } from './billing';
import type { TestApp } from './test-app';

/**
 * An organization of the billing fixtures whose admin signs in through the API with the demo's
 * password (its hash copied from the seeded demo person). `signIn` signs in afresh, e.g. after the
 * clock moved past a session's life.
 */
export async function organizationWithAdmin(t: TestApp, name: string, adminEmail: string) {
  const org = await makeOrganization(t.db, { name, adminEmail });
  const [demo] = await t.db.select().from(persons).where(eq(persons.email, DEMO_EMAIL));
  await t.db.update(persons).set({ passwordHash: demo!.passwordHash }).where(eq(persons.email, adminEmail));
  return { org, signIn: () => t.login(adminEmail, DEMO_PASSWORD) };
}
