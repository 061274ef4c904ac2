import { BillingMode, designerHostCount } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId } from '../../../test/support/billing';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { organizations, pricingPlans } from '../../db/schema';

// docs/design.md §3, §5: an editor change the card refused is void (nothing is owed, the bill is not in
// Billing History and cannot be paid), so it never holds up Enable Offline.

let t: TestApp;
let api: Awaited<ReturnType<TestApp['login']>>;
let org: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await organizationWithAdmin(t, 'Refused Change Ltd.', 'refused-admin@example.com');
  org = admin.org;
  api = await admin.signIn();
});
afterAll(() => t.close());

const setCard = (paymentMethodId: string) =>
  t.db.update(organizations).set({ paymentMethodId }).where(eq(organizations.id, org.id));

describe('Enable Offline after an editor charge the card refused', () => {
  it('signs the license file: the voided change owes nothing', async () => {
    const sub = await makeSubscription(t.db, {
      organizationId: org.id,
      pricingPlanId: await planId(t.db, 'Pro Standard'),
      description: 'Refused upgrade',
      billingMode: BillingMode.Monthly,
      numberMachines: 1,
      purchasedAt: new Date(t.clock.now().getTime() - 10 * 86_400_000),
    });
    const s = (await api.get(`/api/subscription/${sub.id}`)).body;
    await setCard('pm_card_chargeDeclined');
    const more = await api.put(`/api/subscription/${sub.id}`, {
      description: s.description,
      pricingPlanId: s.pricingPlanId,
      maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyCharge,
      xtraAutoTags: s.xtraAutoTags,
      numberMachines: 2,
      version: s.version,
    });
    expect(more.status).toBe(402);
    const historyIds = ((await api.get('/api/order/history')).body as { orderId: number }[]).map(
      (b) => b.orderId,
    );
    await setCard('pm_card_visa');

    const [plan] = await t.db.select().from(pricingPlans).where(eq(pricingPlans.planName, 'Pro Standard'));
    const designers = designerHostCount(plan!, s.xtraAutoTags);
    const enabled = await api.post('/api/subscription/make-offline', {
      subscriptionId: sub.id,
      engineHostNames: 'plant-1',
      autoTagHostNames: Array.from({ length: designers }, (_, i) => `plant-designer-${i + 1}`).join(';'),
    });
    expect([enabled.status, enabled.body.isOfflineEnabled, enabled.body.numberMachines]).toEqual([
      200,
      true,
      1,
    ]);
    // The refused change is in no list the customer sees.
    expect((await api.get('/api/order/history')).body).toHaveLength(historyIds.length);
  });
});
