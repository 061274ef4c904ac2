import { BillingMode, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { persons } from '../../src/db/schema';
import { ManualClock } from '../../src/lib/clock';
import { hashPassword } from '../../src/lib/passwords';
import { seedCatalog } from '../../src/seed/catalog';
import { makeOrganization, makeSubscription, planId } from './billing';
import { createTestApp } from './test-app';
import { TEST_START } from './test-start';

// Licensing's API tests: a store with its catalogue and one organization of their own (no demo
// data, so a billing run or a clock moved by weeks touches only what the test made).

export const PASSWORD = 'engine-room-password';
export const ADMIN_EMAIL = 'licensing-admin@example.com';
export const USER_EMAIL = 'licensing-user@example.com';
export const DAY = 86_400_000;

export async function createLicensingTestApp(opts: { env?: Record<string, string> } = {}) {
  const clock = new ManualClock(TEST_START);
  const t = await createTestApp({ seed: false, clock, env: opts.env });
  await seedCatalog(t.db);
  const org = await makeOrganization(t.db, { name: 'Engine Room Ltd.', adminEmail: ADMIN_EMAIL });
  const passwordHash = await hashPassword(PASSWORD);
  await t.db.update(persons).set({ passwordHash }).where(eq(persons.email, ADMIN_EMAIL));
  await t.db.insert(persons).values({
    organizationId: org.id,
    rights: Rights.User,
    passwordHash,
    firstName: 'Una',
    lastName: 'User',
    email: USER_EMAIL,
    emailVerified: true,
  });

  /** Engines call without a browser: no XSRF cookie, no bearer token. (test-app checks each answer against the API document.) */
  async function engine(url: string, body: unknown) {
    const res = await t.app.inject({ method: 'POST', url, payload: body as object });
    return { status: res.statusCode, body: res.json() };
  }

  /** An engine or designer taking a seat of the key for its host name. */
  const activate = (licenseKey: string, kind: string, hostname: string) =>
    engine('/api/licensing/activate', { licenseKey, kind, hostname });

  /** A subscription of the organization bought `daysAgo` days ago (default: 10), in its first period. */
  async function subscribe(
    plan: string,
    opts: {
      description?: string;
      numberMachines?: number;
      xtraAutoTags?: number;
      maxAdditionalMonthlyChargeCents?: number;
      organizationId?: number;
      daysAgo?: number;
    } = {},
  ) {
    return makeSubscription(t.db, {
      organizationId: opts.organizationId ?? org.id,
      pricingPlanId: await planId(t.db, plan),
      description: opts.description ?? `${plan} ${Math.random().toString(36).slice(2, 8)}`,
      billingMode: BillingMode.Monthly,
      numberMachines: opts.numberMachines ?? 0,
      xtraAutoTags: opts.xtraAutoTags ?? 0,
      maxAdditionalMonthlyChargeCents: opts.maxAdditionalMonthlyChargeCents ?? 0,
      purchasedAt: new Date(clock.now().getTime() - (opts.daysAgo ?? 10) * DAY),
    });
  }

  const login = (email = ADMIN_EMAIL) => t.login(email, PASSWORD, org.id);

  return { t, clock, org, engine, activate, subscribe, login };
}

export type LicensingTestApp = Awaited<ReturnType<typeof createLicensingTestApp>>;
export type LicensingClient = Awaited<ReturnType<LicensingTestApp['login']>>;

/** A test file's licensing app with its admin signed in. */
export type LicensingTestFile = LicensingTestApp & { admin: LicensingClient };

/**
 * A test file's licensing app, filled in before its tests and closed after them, its admin signed in
 * once, or before `each` test for files that move the clock by days (a person signs in afresh after
 * a week away). Read its fields inside tests: they are there once the file's tests start.
 */
export function licensingTestFile(signIn: 'once' | 'each'): LicensingTestFile {
  const file = {} as LicensingTestFile;
  const signInAdmin = async () => {
    file.admin = await file.login();
  };
  beforeAll(async () => {
    Object.assign(file, await createLicensingTestApp());
    if (signIn === 'once') await signInAdmin();
  });
  if (signIn === 'each') beforeEach(signInAdmin);
  afterAll(() => file.t?.close());
  return file;
}
