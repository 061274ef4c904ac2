import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { persons } from '../../src/db/schema';
import { organizationWithAdmin } from './org-admin';
import { createTestApp, type TestApp } from './test-app';

// What the single sign-on tests of both protocols (OpenID Connect and SAML) do alike.

/**
 * A single sign-on suite: the app, the identity provider the suite starts, and an organization of its
 * own whose admin (admin@ the domain) is signed in; all closed after the suite. The fields are set
 * when the suite starts, so tests read them as they run.
 */
export function ssoSuite<Idp extends { close(): Promise<void> }>(
  organizationName: string,
  domain: string,
  startIdp: (t: TestApp) => Promise<Idp>,
) {
  const suite = {} as {
    t: TestApp;
    idp: Idp;
    admin: Awaited<ReturnType<TestApp['login']>>;
    orgId: number;
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.idp = await startIdp(suite.t);
    const made = await organizationWithAdmin(suite.t, organizationName, `admin@${domain}`);
    suite.orgId = made.org.id;
    suite.admin = await made.signIn();
  });
  afterAll(async () => {
    await suite.idp?.close();
    await suite.t.close();
  });
  return suite;
}

/** How many persons the organization has: a refused sign-in provisions nobody. */
export async function countPersons(t: TestApp, organizationId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(persons)
    .where(eq(persons.organizationId, organizationId));
  return row!.n;
}

/** The person at this address (each of the suites' addresses is in one organization), or undefined. */
export async function personAt(t: TestApp, email: string) {
  const [row] = await t.db.select().from(persons).where(eq(persons.email, email));
  return row;
}

/** Starts single sign-on for the address as the sign-in screen does: where the store sends the browser. */
export async function startSso(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

/** Trades the ticket in the landing's fragment for the session, as the web's landing does once. */
export async function exchangeTicket(t: TestApp, landing: URL) {
  const ticket = new URLSearchParams(landing.hash.slice(1)).get('ticket');
  expect(ticket).toBeTruthy();
  return t.client().post('/api/sso/exchange', { ticket });
}

/** A sign-in that succeeded: it lands on /sso with no refusal, and its ticket is traded for a session. */
export async function exchangeLanding(t: TestApp, landing: URL) {
  expect(landing.pathname).toBe('/sso');
  expect(landing.search).toBe('');
  const res = await exchangeTicket(t, landing);
  expect(res.status).toBe(200);
  return res;
}
