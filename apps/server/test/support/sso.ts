import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { persons } from '../../src/db/schema';
import type { TestApp } from './test-app';

// What the single sign-on tests of both protocols (OpenID Connect and SAML) do alike.

/** How many persons the organization has: a refused sign-in provisions nobody. */
export async function countPersons(t: TestApp, organizationId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(persons)
    .where(eq(persons.organizationId, organizationId));
  return row!.n;
}

/** Starts single sign-on for the address as the sign-in screen does: where the store sends the browser. */
export async function startSso(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}
