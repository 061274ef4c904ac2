import { BillingMode } from '@store/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { useBillingMailApp } from '../../../test/support/billing-mail-app';
import { orders, organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { sendBillingNotices } from './billing-notices';

// The billing notices of decision 018, each through the outbox to the organization's admins and
// read here from a real SMTP server: a receipt with the invoice PDF for a paid bill, a reminder 7
// days before a quarterly or annual renewal, a warning when the card expires before the renewal, a
// notice when a subscription is deactivated for an unpaid bill.

const clock = new ManualClock('2026-01-01T12:00:00Z');
const app = useBillingMailApp(clock);
const { mailsTo } = app;

describe('billing notices', () => {
  let quarterlyOrg: { id: number };
  let decliningOrg: { id: number };

  beforeAll(async () => {
    quarterlyOrg = await makeOrganization(app.t.db, {
      name: 'Quarterly Co.',
      adminEmail: 'q-admin@example.com',
    });
    await app.t.db
      .update(organizations)
      .set({ cardBrand: 'visa', cardExpMonth: 3, cardExpYear: 2026 })
      .where(eq(organizations.id, quarterlyOrg.id));
    await makeSubscription(app.t.db, {
      organizationId: quarterlyOrg.id,
      pricingPlanId: await planId(app.t.db, 'Pro Standard'),
      description: 'Quarterly Pro',
      billingMode: BillingMode.Quarterly,
      numberMachines: 1,
      purchasedAt: '2026-01-10T10:00:00Z',
    });
    decliningOrg = await makeOrganization(app.t.db, {
      name: 'Declining Co.',
      adminEmail: 'd-admin@example.com',
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    await makeSubscription(app.t.db, {
      organizationId: decliningOrg.id,
      pricingPlanId: await planId(app.t.db, 'Pro Standard'),
      description: 'Monthly Pro',
      billingMode: BillingMode.Monthly,
      numberMachines: 1,
      purchasedAt: '2026-01-05T10:00:00Z',
    });
  });

  it('tell the admins when a subscription is deactivated for an unpaid bill, once', async () => {
    clock.set('2026-02-05T13:00:00Z');
    await runBillingCycle(app.deps);
    expect((await mailsTo('d-admin@example.com')).map((m) => m.subject)).toEqual([
      // A declined card bill is not issued yet: it is named by its order.
      expect.stringMatching(/^Payment failed for order \d+$/),
    ]);
    clock.set('2026-02-19T13:00:00Z');
    await runBillingCycle(app.deps);
    await runBillingCycle(app.deps);
    const deactivated = (await mailsTo('d-admin@example.com')).filter(
      (m) => m.subject === 'Monthly Pro was deactivated',
    );
    expect(deactivated).toHaveLength(1);
    expect(deactivated[0]!.text).toContain(
      'Your subscription Monthly Pro was deactivated because its bill was not paid within 14 days of the renewal date.',
    );
  });

  it('remind the admins 7 days before a quarterly renewal, once, and warn of a card that expires first', async () => {
    clock.set('2026-04-02T13:00:00Z');
    expect(await sendBillingNotices(app.deps)).toMatchObject({ reminders: 0, cardWarnings: 1 });
    clock.set('2026-04-03T11:00:00Z');
    expect(await sendBillingNotices(app.deps)).toMatchObject({ reminders: 1, cardWarnings: 0 });
    expect(await sendBillingNotices(app.deps)).toMatchObject({ reminders: 0, cardWarnings: 0 });
    // Both wait in the outbox until it is flushed, and its sender delivers a few at once: by subject.
    const mails = await mailsTo('q-admin@example.com');
    const subjects = ['Your card expires before your next renewal', 'Quarterly Pro renews on April 10, 2026'];
    expect(mails.map((m) => m.subject).sort()).toEqual([...subjects].sort());
    const [warning, reminder] = subjects.map((s) => mails.find((m) => m.subject === s)!);
    expect(warning!.text).toContain(
      'The card on file (Visa ending in 4242) expires at the end of 03/2026, before your next renewal on April 10, 2026.',
    );
    expect(warning!.text).toContain('https://store.test/ModifyBillingInfo');
    expect(reminder!.text).toContain(
      'Your quarterly subscription Quarterly Pro renews on April 10, 2026: we will charge your card on file.',
    );
    // A monthly subscription gets no reminder.
    expect((await mailsTo('d-admin@example.com')).some((m) => m.subject.includes('renews'))).toBe(false);
  });

  it('send a receipt with the invoice PDF attached for a paid bill, once', async () => {
    await app.t.db
      .update(organizations)
      .set({ cardExpMonth: 12, cardExpYear: 2030 })
      .where(eq(organizations.id, quarterlyOrg.id));
    clock.set('2026-04-10T13:00:00Z');
    expect((await runBillingCycle(app.deps)).paid).toBeGreaterThanOrEqual(1);
    await runBillingCycle(app.deps);
    const receipts = (await mailsTo('q-admin@example.com')).filter((m) => m.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    // Paid, the bill has its invoice number, which names it; the attachment keeps the order's.
    const invoiceNumber = /^Receipt for bill (\d{4}-\d{6})$/.exec(receipt!.subject)![1]!;
    const [bill] = await app.t.db.select().from(orders).where(eq(orders.invoiceNumber, invoiceNumber));
    expect(bill!.organizationId).toBe(quarterlyOrg.id);
    expect(receipt!.text).toContain(`for bill ${invoiceNumber} on `);
    expect(receipt!.text).toContain(`The invoice is attached (invoice_${bill!.id}.pdf).`);
    expect(receipt!.raw).toMatch(/Content-Type: application\/pdf; name=invoice_\d+\.pdf/);
    const pdf = /Content-Disposition: attachment[^\n]*\r?\n(?:[^\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      receipt!.raw,
    );
    expect(Buffer.from(pdf![1]!.replace(/\s+/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
