import { BillingMode } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDueSubscriptions,
  makeOrganization,
  makeSubscription,
  planId,
} from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { sendBillingNotices } from './billing-notices';

// The billing notices of a busy week: more of a kind are due than one batch claims (100). Every one
// goes out, once, however many times the notices run; a batch already sent never hides the next.

const clock = new ManualClock('2026-03-01T12:00:00Z');
let t: TestApp;
const deps = () => ({ db: t.db, clock, publicUrl: 'https://store.test' });

const mailsTo = async (address: string, subject: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM outbox WHERE to_address = ${address} AND subject LIKE ${subject}`,
      )
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('billing notices of more subscriptions than a batch', () => {
  it('remind every quarterly renewal of the week, each once', async () => {
    const org = await makeOrganization(t.db, { name: 'Busy Quarter Co.', adminEmail: 'busy@example.com' });
    // Bought on 2025-12-05: each renews on 2026-03-05, within the reminder's 7 days.
    await makeDueSubscriptions(t.db, {
      organizationId: org.id,
      pricingPlanId: await planId(t.db, 'Pro Standard'),
      count: 250,
      purchasedAt: new Date('2025-12-05T10:00:00Z'),
      billingMode: BillingMode.Quarterly,
    });

    expect(await sendBillingNotices(deps())).toMatchObject({ reminders: 250 });
    expect(await mailsTo('busy@example.com', '% renews on March 05, 2026')).toBe(250);

    clock.set('2026-03-02T12:00:00Z');
    expect(await sendBillingNotices(deps())).toMatchObject({ reminders: 0 });
    expect(await mailsTo('busy@example.com', '% renews on March 05, 2026')).toBe(250);
  });

  it('warn every organization whose card expires before its renewal, each once', async () => {
    const plan = await planId(t.db, 'Pro Standard');
    const admins: string[] = [];
    for (let i = 0; i < 130; i++) {
      const adminEmail = `expiring-${i}@example.com`;
      const org = await makeOrganization(t.db, { name: `Expiring ${i} Co.`, adminEmail });
      // The card is good through February 2026; the monthly renewal is on 2026-03-10.
      await t.db
        .update(organizations)
        .set({ cardBrand: 'visa', cardExpMonth: 2, cardExpYear: 2026 })
        .where(eq(organizations.id, org.id));
      await makeSubscription(t.db, {
        organizationId: org.id,
        pricingPlanId: plan,
        description: `Monthly ${i}`,
        billingMode: BillingMode.Monthly,
        numberMachines: 1,
        purchasedAt: '2026-02-10T10:00:00Z',
      });
      admins.push(adminEmail);
    }

    expect(await sendBillingNotices(deps())).toMatchObject({ cardWarnings: 130 });
    expect(await sendBillingNotices(deps())).toMatchObject({ cardWarnings: 0 });
    const warned = await Promise.all(
      admins.map((a) => mailsTo(a, 'Your card expires before your next renewal')),
    );
    expect(warned.filter((n) => n === 1)).toHaveLength(130);
  });
});
