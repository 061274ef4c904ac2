import { BillingMode, Rights } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId } from '../../../test/support/billing';
import { loginOperator } from '../../../test/support/operator';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { persons, pricingPlans, subscriptions, twoFactorEnrolments } from '../../db/schema';

// The organization page's actions (docs/decisions/031): each refused with a message and nothing
// changed, another organization's ids not found, and each done read back from the audit log in words
// under the operator's name.

let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let operatorName: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await loginOperator(t);
  operatorName = `${op.person.firstName} ${op.person.lastName}`;
});
afterAll(() => t?.close());

const DAY = 86_400_000;

async function customer(name: string) {
  const org = await makeOrganization(t.db, { name });
  const sub = await makeSubscription(t.db, {
    organizationId: org.id,
    pricingPlanId: await planId(t.db, 'Flex 2,500'),
    description: `${name} reports`,
    billingMode: BillingMode.Annually,
    purchasedAt: new Date(t.clock.now().getTime() - 30 * DAY),
  });
  return { org, sub, base: `/api/ops/organizations/${org.id}/subscriptions/${sub.id}` };
}

/** The newest audit entry of a kind for the organization, as the operator's log answers it. */
async function lastAudit(organizationId: number, kind: string) {
  const res = await op.get(`/api/ops/audit?organizationId=${organizationId}&kind=${kind}`);
  expect(res.status).toBe(200);
  return res.body.items[0] as { summary: string; actor: { kind: string; name?: string } };
}

const rowOf = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('cancel', () => {
  it('at period end, as the customer’s cancel: runs to its renewal, audited with the date in words', async () => {
    const { org, sub, base } = await customer('Cancel Later Ltd');
    const res = await op.post(`${base}/cancel`, { when: 'periodEnd' });
    expect(res.status).toBe(200);
    expect(refusal(res.body)).toMatch(
      /^'Cancel Later Ltd reports' is cancelled: it runs until .* and does not renew\.$/,
    );
    expect(res.body.subscription).toMatchObject({
      renews: false,
      status: expect.stringMatching(/^Cancelled /),
    });
    const row = await rowOf(sub.id);
    expect(row.isActive).toBe(true);
    expect(row.deactivateDate?.toISOString()).toBe(sub.nextBaseBillingDate!.toISOString());
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.actor).toMatchObject({ kind: 'operator', name: operatorName });
    expect(entry.summary).toMatch(/^Cancel Later Ltd reports: Cancelled '—' → '\w{3} \d{1,2}, \d{4}'/);
    // Its license still runs, so the organization still stands active.
    expect((await op.get(`/api/ops/organizations/${org.id}`)).body.summary.standing).toBe('Active');

    const again = await op.post(`${base}/cancel`, { when: 'now' });
    expect(again.status).toBe(409);
    expect(refusal(again.body)).toBe('This subscription is cancelled and can no longer be changed.');
  });

  it('now: ends at once; bad input is a 400 with nothing changed; another organization’s id is a 404', async () => {
    const { org, sub, base } = await customer('Cancel Now Ltd');
    const other = await customer('Someone Else Ltd');
    const bad = await op.post(`${base}/cancel`, { when: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(refusal(bad.body)).toContain("when must be 'now' or 'periodEnd'");
    expect((await rowOf(sub.id)).deactivateDate).toBeNull();
    const foreign = await op.post(`/api/ops/organizations/${org.id}/subscriptions/${other.sub.id}/cancel`, {
      when: 'now',
    });
    expect(foreign.status).toBe(404);
    expect(refusal(foreign.body)).toBe(`Cancel Now Ltd has no subscription ${other.sub.id}.`);
    expect((await rowOf(other.sub.id)).isActive).toBe(true);

    const res = await op.post(`${base}/cancel`, { when: 'now' });
    expect(res.status).toBe(200);
    expect(refusal(res.body)).toBe(
      "'Cancel Now Ltd reports' is cancelled and ended now: its license no longer validates.",
    );
    expect((await rowOf(sub.id)).isActive).toBe(false);
    expect((await op.get(`/api/ops/organizations/${org.id}`)).body.summary.standing).toBe('Inactive');
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.summary).toContain("Active 'Yes' → 'No'");
    expect(entry.actor.name).toBe(operatorName);
  });
});

describe('change of plan or quantities', () => {
  it('quotes the editor’s proration first, then bills it and applies the plan, audited with the plan names', async () => {
    const { org, sub, base } = await customer('Upgrade Co');
    const to = await planId(t.db, 'Flex 25,000');
    const terms = { pricingPlanId: to, numberMachines: 0, xtraAutoTags: 0, version: sub.version };
    const quote = await op.post(`${base}/change-quote`, terms);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ applies: 'now', chargeNow: true, billedByInvoice: false });
    expect(quote.body.prorationCents).toBeGreaterThan(0);
    expect(refusal(quote.body)).toMatch(
      /^The change applies now: \$[\d,]+\.\d\d for the rest of the period to .*, charged to the card on file\.$/,
    );
    expect((await rowOf(sub.id)).pricingPlanId).toBe(sub.pricingPlanId);

    const res = await op.post(`${base}/change`, terms);
    expect(res.status).toBe(200);
    const amount = `$${(quote.body.prorationCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(refusal(res.body)).toBe(
      `'Upgrade Co reports' changed now; ${amount} was billed for the rest of its period.`,
    );
    expect(res.body.subscription).toMatchObject({ pricingPlanId: to, planName: 'Flex 25,000' });
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.summary).toContain("Pricing Plan 'Flex 2,500' → 'Flex 25,000'");
    expect(entry.actor.name).toBe(operatorName);

    const stale = await op.post(`${base}/change`, terms);
    expect(stale.status).toBe(409);
  });

  it('refuses a plan of another product and bad quantities with a message, nothing changed', async () => {
    const { sub, base } = await customer('Wrong Plan Co');
    const pro = await planId(t.db, 'Pro Standard');
    const other = await op.post(`${base}/change`, {
      pricingPlanId: pro,
      numberMachines: 1,
      xtraAutoTags: 0,
      version: sub.version,
    });
    expect(other.status).toBe(400);
    expect(refusal(other.body)).toMatch(/^pricingPlanId: /);
    const negative = await op.post(`${base}/change-quote`, {
      pricingPlanId: sub.pricingPlanId,
      numberMachines: -1,
      xtraAutoTags: 0,
      version: sub.version,
    });
    expect(negative.status).toBe(400);
    expect(refusal(negative.body)).toContain('Number of engines must be at least 0');
    expect(await rowOf(sub.id)).toMatchObject({ pricingPlanId: sub.pricingPlanId, version: sub.version });
  });
});

describe('extend the period', () => {
  it('moves the renewal by the days given, at no charge, audited with the new date', async () => {
    const { org, sub, base } = await customer('Extend Co');
    const zero = await op.post(`${base}/extend`, { days: 0 });
    expect(zero.status).toBe(400);
    expect(refusal(zero.body)).toContain('Days must be at least 1');
    const res = await op.post(`${base}/extend`, { days: 10 });
    expect(res.status).toBe(200);
    const renews = new Date(sub.nextBaseBillingDate!.getTime() + 10 * DAY);
    expect((await rowOf(sub.id)).nextBaseBillingDate?.toISOString()).toBe(renews.toISOString());
    expect(refusal(res.body)).toMatch(
      /^'Extend Co reports' runs 10 days longer, at no charge: it now renews on /,
    );
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.summary).toMatch(/^Extend Co reports: Next Billing Date '.+' → '.+'$/);
    expect(entry.actor.name).toBe(operatorName);
    const bills = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE organization_id = ${org.id}`,
    );
    expect(bills[0]!.n).toBe(0);
  });
});

describe('users', () => {
  async function withSecondAdmin(name: string) {
    const org = await makeOrganization(t.db, { name });
    const [second] = await t.db
      .insert(persons)
      .values({
        organizationId: org.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: 'x',
        firstName: 'Bea',
        lastName: 'Backup',
        email: `bea-${org.id}@example.com`,
        emailVerified: true,
      })
      .returning();
    const [first] = await t.db
      .select()
      .from(persons)
      .where(and(eq(persons.organizationId, org.id), eq(persons.firstName, 'Ada')));
    return { org, first: first!, second: second! };
  }

  it('resets a customer’s two-factor sign-in, audited; refuses one who has none', async () => {
    const { org, second } = await withSecondAdmin('Lost Phone Inc');
    const url = `/api/ops/organizations/${org.id}/persons/${second.id}/two-factor-reset`;
    const none = await op.post(url, {});
    expect(none.status).toBe(409);
    expect(refusal(none.body)).toBe('Bea Backup has no two-factor sign-in to reset.');
    await t.db
      .insert(twoFactorEnrolments)
      .values({ personId: second.id, secret: 'sealed', enabledAt: new Date() });
    const detail = await op.get(`/api/ops/organizations/${org.id}`);
    expect(
      detail.body.users.find((u: { personId: number }) => u.personId === second.id).twoFactorEnabled,
    ).toBe(true);
    const res = await op.post(url, {});
    expect(res.status).toBe(200);
    expect(refusal(res.body)).toBe(
      'Bea Backup’s two-factor sign-in is reset: they set it up again at their next sign-in.'.replace(
        '’',
        "'",
      ),
    );
    const [enrolment] = await t.db
      .select()
      .from(twoFactorEnrolments)
      .where(eq(twoFactorEnrolments.personId, second.id));
    expect(enrolment).toMatchObject({ secret: null, setupRequired: true });
    const entry = await lastAudit(org.id, 'person.two-factor');
    expect(entry.summary).toBe("Bea Backup: Two-Factor Sign-In 'Yes' → 'No'");
    expect(entry.actor.name).toBe(operatorName);
  });

  it('demotes an admin and removes a user, never the last admin; another organization’s person is a 404', async () => {
    const { org, first, second } = await withSecondAdmin('Two Admins Inc');
    const stranger = await withSecondAdmin('Stranger Inc');
    const foreign = await op.post(
      `/api/ops/organizations/${org.id}/persons/${stranger.second.id}/demote`,
      {},
    );
    expect(foreign.status).toBe(404);
    const base = `/api/ops/organizations/${org.id}/persons`;
    const demoted = await op.post(`${base}/${second.id}/demote`, {});
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({
      message: 'Bea Backup is now a user, no longer an administrator.',
      person: { rights: Rights.User },
    });
    const entry = await lastAudit(org.id, 'person.updated');
    expect(entry.summary).toBe("Bea Backup: Rights 'User, Administrator' → 'User'");
    expect(entry.actor.name).toBe(operatorName);

    const last = await op.post(`${base}/${first.id}/demote`, {});
    expect(last.status).toBe(409);
    expect(refusal(last.body)).toBe(
      'Ada Admin is the only administrator of Two Admins Inc: make another user an administrator first.',
    );
    const lastRemove = await op.delete(`${base}/${first.id}`);
    expect(lastRemove.status).toBe(409);
    expect(refusal(lastRemove.body)).toContain('Ada Admin is the only administrator of Two Admins Inc');
    const [still] = await t.db.select().from(persons).where(eq(persons.id, first.id));
    expect(still!.rights & Rights.Admin).toBe(Rights.Admin);

    const removed = await op.delete(`${base}/${second.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ person: null, message: 'Bea Backup was removed from Two Admins Inc.' });
    expect((await lastAudit(org.id, 'person.deleted')).summary).toBe('Bea Backup');
  });
});

describe('the perpetual flag', () => {
  it('is refused while a subscription renews, and allowed once none does', async () => {
    const { org, base } = await customer('Perpetual Hopeful');
    const terms = {
      discount: 0,
      allowMonthly: true,
      perpetualAccount: true,
      invoiceTerms: false,
      parentOrganizationId: null,
    };
    const refused = await op.put(`/api/ops/organizations/${org.id}/terms`, terms);
    expect(refused.status).toBe(409);
    expect(refusal(refused.body)).toBe(
      'Perpetual Hopeful has 1 subscription that renews: a perpetual account has none. Cancel it first.',
    );
    expect((await op.get(`/api/ops/organizations/${org.id}`)).body.organization.perpetualAccount).toBe(false);
    await op.post(`${base}/cancel`, { when: 'now' });
    const ok = await op.put(`/api/ops/organizations/${org.id}/terms`, terms);
    expect(ok.status).toBe(200);
    expect(ok.body.organization.perpetualAccount).toBe(true);
  });
});

describe('plans: retired plan subscribers and price changes', () => {
  async function planNamed(name: string) {
    return (await t.db.select().from(pricingPlans).where(eq(pricingPlans.planName, name)))[0]!;
  }
  /** A customer whose admin is `adminEmail`, with one monthly subscription of the plan. */
  async function monthlySubscriber(
    pricingPlanId: number,
    name: string,
    adminEmail: string,
    description: string,
    numberMachines = 0,
  ) {
    const org = await makeOrganization(t.db, { name, adminEmail });
    const sub = await makeSubscription(t.db, {
      organizationId: org.id,
      pricingPlanId,
      description,
      billingMode: BillingMode.Monthly,
      numberMachines,
      purchasedAt: new Date(t.clock.now().getTime() - 5 * DAY),
    });
    return { org, sub };
  }
  const outboxTo = (address: string) =>
    queryRows<{ subject: string; text_body: string }>(
      t.db,
      sql`SELECT subject, text_body FROM outbox WHERE to_address = ${address} ORDER BY id`,
    );

  it('moves a retired plan’s subscribers at renewal and mails their admins; refuses a plan on sale or of another product', async () => {
    const classic = await planNamed('Pro Classic');
    const standard = await planNamed('Pro Standard');
    const { org, sub } = await monthlySubscriber(
      classic.id,
      'Classic Holdout',
      'holdout@example.com',
      'Old engines',
      2,
    );
    const url = `/api/ops/plans/${classic.id}/subscribers/move`;
    const flex = await op.post(url, { toPlanId: await planId(t.db, 'Flex 2,500') });
    expect(flex.status).toBe(400);
    expect(refusal(flex.body)).toBe(
      "toPlanId: 'Flex 2,500' is a plan of another product; subscribers move within their product.",
    );
    const onSale = await op.post(`/api/ops/plans/${standard.id}/subscribers/move`, { toPlanId: classic.id });
    expect(onSale.status).toBe(400);
    const business = await planId(t.db, 'Pro Business');
    const notRetired = await op.post(`/api/ops/plans/${standard.id}/subscribers/move`, {
      toPlanId: business,
    });
    expect(notRetired.status).toBe(409);
    expect(refusal(notRetired.body)).toBe(
      "'Pro Standard' is still for sale: only a retired plan's subscribers are moved. Make it unavailable first.",
    );
    expect((await rowOf(sub.id)).pendingPricingPlanId).toBeNull();

    const res = await op.post(url, { toPlanId: standard.id });
    expect(res.status).toBe(200);
    expect(res.body.moved).toBeGreaterThanOrEqual(1);
    expect(refusal(res.body)).toMatch(
      /subscriptions? of 'Pro Classic' move to 'Pro Standard' at their next renewal/,
    );
    expect(await rowOf(sub.id)).toMatchObject({
      pricingPlanId: classic.id,
      pendingPricingPlanId: standard.id,
      pendingNumberMachines: 2,
    });
    const [mail] = await outboxTo('holdout@example.com');
    expect(mail!.subject).toBe('Your Pro Classic subscriptions move to Pro Standard');
    expect(mail!.text_body).toContain('Old engines (renews on ');
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.summary).toContain("Pricing Plan At Renewal '—' → 'Pro Standard'");
    expect(entry.actor.name).toBe(operatorName);
  });

  it('a price change asks what becomes of subscribers: keep moves them to a retired copy; notify mails them', async () => {
    const plan = await planNamed('Flex 100,000');
    const { org, sub } = await monthlySubscriber(
      plan.id,
      'Price Watchers',
      'watch@example.com',
      'Big reports',
    );
    const catalog = (await op.get('/api/ops/catalog')).body;
    const wire = catalog.products
      .flatMap((p: { plans: { pricingPlanId: number }[] }) => p.plans)
      .find((p: { pricingPlanId: number }) => p.pricingPlanId === plan.id);
    const { pricingPlanId: _id, subscriberCount: _n, productName: _p, ...fields } = wire;
    const body = { ...fields, monthlyFee: wire.monthlyFee + 10 };

    const unsaid = await op.put(`/api/ops/plans/${plan.id}`, body);
    expect(unsaid.status).toBe(400);
    expect(refusal(unsaid.body)).toMatch(
      /^existingSubscribers: the price changes for \d+ subscriptions?; say whether/,
    );
    expect((await planNamed('Flex 100,000')).monthlyFeeCents).toBe(plan.monthlyFeeCents);

    const notified = await op.put(`/api/ops/plans/${plan.id}`, { ...body, existingSubscribers: 'notify' });
    expect(notified.status).toBe(200);
    expect(refusal(notified.body)).toMatch(
      /take the new price at their next renewal|takes the new price at their next renewal/,
    );
    const [mail] = await outboxTo('watch@example.com');
    expect(mail!.subject).toBe('New price of Flex 100,000');
    expect(mail!.text_body).toContain('Big reports (renews on ');

    const kept = await op.put(`/api/ops/plans/${plan.id}`, {
      ...body,
      monthlyFee: wire.monthlyFee + 20,
      existingSubscribers: 'keep',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.subscribersAtNextRenewal).toBe(0);
    const moved = await rowOf(sub.id);
    const copy = (await t.db.select().from(pricingPlans).where(eq(pricingPlans.id, moved.pricingPlanId)))[0]!;
    expect(copy).toMatchObject({ isAvailable: false, monthlyFeeCents: plan.monthlyFeeCents + 1000 });
    expect(copy.planName).toMatch(/^Flex 100,000 \(price until .+\)$/);
    expect(refusal(kept.body)).toContain(`on '${copy.planName}' (retired)`);
    const entry = await lastAudit(org.id, 'subscription.updated');
    expect(entry.summary).toContain(`Pricing Plan 'Flex 100,000' → '${copy.planName}'`);
  });
});
