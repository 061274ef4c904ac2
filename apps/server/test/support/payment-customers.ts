import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { persons } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { makeOrganization } from './billing';
import type { TestApp } from './test-app';

// Customers for the 3-D Secure tests (docs/decisions/024): an organization of its own, its admin
// signed in, the card on file one of Stripe's test payment methods.

export const CUSTOMER_PASSWORD = 'three-d-secure-pass';
export type Client = Awaited<ReturnType<TestApp['login']>>;

/** An organization with a signed-in admin whose card on file is `pm` (or who has none: null). */
export async function customer(
  t: TestApp,
  name: string,
  pm: string | null,
): Promise<{ id: number; admin: Client; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const org = await makeOrganization(t.db, { name, adminEmail: email, paymentMethodId: pm });
  await t.db
    .update(persons)
    .set({ passwordHash: await hashPassword(CUSTOMER_PASSWORD) })
    .where(eq(persons.email, email));
  return { id: org.id, admin: await t.login(email, CUSTOMER_PASSWORD), email };
}

/** The sandbox's stand-in for the bank's challenge page. */
export const sandboxChallenge = (admin: Client, clientSecret: string, outcome: 'complete' | 'fail') =>
  admin.post('/api/sandbox/authentication', { clientSecret, outcome });

/** Every charge the sandbox ever took money with. */
export async function succeededCharges(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`,
  );
  return Number(row!.n);
}
