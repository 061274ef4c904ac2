import { BillStatus, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useConsoleApp } from '../../../test/support/console-app';
import { orders, organizations, persons, subscriptions } from '../../db/schema';
import { PERPETUAL_COMPANY } from '../../seed/organizations';

// The console's organizations and bills (the operator API contract): search, detail, terms,
// perpetual licenses, admins, verification mail; bills by filter, one bill's attempts, mark paid.

const app = useConsoleApp();

describe('organizations in the console', () => {
  it('finds an organization by name, by any person’s e-mail and by a license key', async () => {
    const byName = await app.op.get('/api/ops/organizations?q=demo%20documents');
    expect(byName.body.items.map((o: { name: string }) => o.name)).toEqual([
      'Demo Documents Europe',
      'Demo Documents Inc.',
    ]);
    expect(byName.body.items[0]).toMatchObject({
      parentOrganizationId: app.demoId,
      parentName: 'Demo Documents Inc.',
    });
    const byEmail = await app.op.get('/api/ops/organizations?q=jane.miller');
    expect(byEmail.body.total).toBe(1);
    const [sub] = await app.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, app.demoId));
    const byKey = await app.op.get(`/api/ops/organizations?q=${encodeURIComponent(sub!.apiKey1)}`);
    expect(byKey.body.items.map((o: { organizationId: number }) => o.organizationId)).toEqual([app.demoId]);
    const wildcard = await app.op.get('/api/ops/organizations?q=%25');
    expect(wildcard.body.total).toBe(0);
    expect((await app.op.get('/api/ops/organizations?page=0')).status).toBe(400);
  });

  it('shows one organization and 404s an unknown one', async () => {
    const res = await app.op.get(`/api/ops/organizations/${app.demoId}`);
    expect(res.status).toBe(200);
    expect(res.body.organization).toMatchObject({ name: 'Demo Documents Inc.', discount: 0.05 });
    expect(res.body.subAccounts).toEqual([expect.objectContaining({ name: 'Demo Documents Europe' })]);
    expect(res.body.subscriptions.length).toBeGreaterThan(0);
    expect(res.body.billingInfo).toMatchObject({ cardLastFour: '4242' });
    const none = await app.op.get('/api/ops/organizations/999999');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('There is no organization 999999.');
  });

  it('sets the terms; refuses a parent that is the organization itself or a sub-account', async () => {
    const [perpetual] = await app.t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, PERPETUAL_COMPANY));
    const terms = {
      discount: 0.2,
      allowMonthly: false,
      perpetualAccount: true,
      invoiceTerms: true,
      parentOrganizationId: null,
    };
    const res = await app.op.put(`/api/ops/organizations/${perpetual!.id}/terms`, terms);
    expect(res.status).toBe(200);
    expect(res.body.organization).toMatchObject({ discount: 0.2, allowMonthly: false, invoiceTerms: true });
    const self = await app.op.put(`/api/ops/organizations/${perpetual!.id}/terms`, {
      ...terms,
      parentOrganizationId: perpetual!.id,
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('An organization cannot be its own parent.');
    const detail = (await app.op.get(`/api/ops/organizations/${app.demoId}`)).body;
    const europeId = detail.subAccounts[0].organizationId;
    const nested = await app.op.put(`/api/ops/organizations/${perpetual!.id}/terms`, {
      ...terms,
      parentOrganizationId: europeId,
    });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toContain('is itself a sub-account');
    const discount = await app.op.put(`/api/ops/organizations/${perpetual!.id}/terms`, {
      ...terms,
      discount: 2,
    });
    expect(discount.status).toBe(400);
  });

  it('grants a perpetual license, promotes a user, mails a verification link again', async () => {
    const catalog = (await app.op.get('/api/ops/catalog')).body;
    const planId = catalog.products[0].plans[0].pricingPlanId;
    const license = await app.op.post(`/api/ops/organizations/${app.demoId}/perpetual-licenses`, {
      planId,
      name: 'Console perpetual',
      version: '12',
    });
    expect(license.status).toBe(200);
    expect(license.body).toMatchObject({ status: 'Perpetual', nextBillingDate: null });
    expect(license.body.licenseKey).toMatch(/.{20,}/);

    const [user] = await app.t.db
      .insert(persons)
      .values({
        organizationId: app.demoId,
        rights: Rights.User,
        passwordHash: 'x',
        firstName: 'Una',
        lastName: 'Verified',
        email: 'una.unverified@example.com',
        emailVerified: false,
      })
      .returning();
    const promoted = await app.op.post(`/api/ops/organizations/${app.demoId}/admins`, { personId: user!.id });
    expect(promoted.status).toBe(200);
    expect(promoted.body.rights).toBe(Rights.User | Rights.Admin);
    expect(
      (await app.op.post(`/api/ops/organizations/${app.demoId}/admins`, { personId: user!.id })).status,
    ).toBe(409);

    const sent = app.t.mailer.sent.length;
    const mail = await app.op.post(`/api/ops/persons/${user!.id}/verification-mail`);
    expect(mail.status).toBe(200);
    expect(mail.body.message).toBe('A new verification link was mailed to una.unverified@example.com.');
    await app.t.flushMail();
    expect(app.t.mailer.sent.length).toBe(sent + 1);
    expect(app.t.mailer.sent.at(-1)!.to).toBe('una.unverified@example.com');
    const [verified] = await app.t.db.select().from(persons).where(eq(persons.email, 'demo@example.com'));
    expect((await app.op.post(`/api/ops/persons/${verified!.id}/verification-mail`)).status).toBe(409);
  });
});

describe('bills in the console', () => {
  it('lists open invoices, shows a bill with its attempts, marks an invoice paid once', async () => {
    const [perpetual] = await app.t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, PERPETUAL_COMPANY));
    const [invoice] = await app.t.db
      .insert(orders)
      .values({
        organizationId: perpetual!.id,
        kind: 'renewal',
        status: BillStatus.OfflineInvoice,
        totalCents: 12_345,
        billingDate: app.t.clock.now(),
        dueDate: app.t.clock.now(),
      })
      .returning();
    const open = await app.op.get('/api/ops/bills?filter=open-invoices');
    expect(open.status).toBe(200);
    expect(open.body.items.map((b: { orderId: number }) => b.orderId)).toContain(invoice!.id);
    expect((await app.op.get('/api/ops/bills?filter=late')).status).toBe(400);
    const all = await app.op.get('/api/ops/bills?filter=all');
    expect(all.body.total).toBeGreaterThan(open.body.total);

    const [paidCard] = await app.t.db
      .select()
      .from(orders)
      .where(eq(orders.status, BillStatus.ChargePaid))
      .limit(1);
    const detail = await app.op.get(`/api/ops/bills/${paidCard!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.bill.status).toBe('Paid');
    expect(detail.body.attempts[0]).toMatchObject({ status: 'succeeded' });
    expect((await app.op.get('/api/ops/bills/999999')).status).toBe(404);

    const paid = await app.op.post(`/api/ops/bills/${invoice!.id}/mark-paid`, { reference: 'Cheque 1042' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'Paid', total: 123.45 });
    const [row] = await app.t.db.select().from(orders).where(eq(orders.id, invoice!.id));
    expect(row!.paidReference).toBe('Cheque 1042');
    const again = await app.op.post(`/api/ops/bills/${invoice!.id}/mark-paid`, { reference: 'Cheque 1042' });
    expect(again.status).toBe(409);
    expect(row!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(again.body.message).toBe(`Bill ${row!.invoiceNumber} is already paid.`);
    const card = await app.op.post(`/api/ops/bills/${paidCard!.id}/mark-paid`, { reference: 'x' });
    expect(card.status).toBe(409);
    // In the screen's words, without the status's code.
    expect(card.body.message).toBe(`Bill ${paidCard!.invoiceNumber} is already paid.`);
    expect(card.body.message).not.toMatch(/\b260\b/);
    expect(detail.body.bill).toMatchObject({ byInvoice: false, openInvoice: false });
    expect((await app.op.get(`/api/ops/bills/${invoice!.id}`)).body.bill).toMatchObject({
      byInvoice: true,
      openInvoice: false,
    });
    const blank = await app.op.post(`/api/ops/bills/${invoice!.id}/mark-paid`, {});
    expect(blank.body.message).toContain('Payment reference is required');
    expect((await app.op.post(`/api/ops/bills/${invoice!.id}/mark-paid`, { reference: ' ' })).status).toBe(
      400,
    );
  });
});
