import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useConsoleApp } from '../../../test/support/console-app';
import { organizations } from '../../db/schema';

// The operator sets an invoice customer's payment terms on the organization's page
// (docs/decisions/030): net 14 unless agreed otherwise, net 30 or net 60, audited in words; anything
// else is refused with a message that says what is allowed, and nothing changes.

const app = useConsoleApp();
const terms = {
  discount: 0.05,
  allowMonthly: true,
  perpetualAccount: false,
  invoiceTerms: true,
  parentOrganizationId: null,
};

describe('payment terms in the console', () => {
  it('are net 14 for an organization nobody set them for', async () => {
    const res = await app.op.get(`/api/ops/organizations/${app.demoId}`);
    expect(res.body.organization).toMatchObject({ paymentTermsDays: 14 });
  });

  it('are set to net 30 and audited in words', async () => {
    const url = `/api/ops/organizations/${app.demoId}/terms`;
    const res = await app.op.put(url, { ...terms, paymentTermsDays: 30 });
    expect(res.status).toBe(200);
    expect(res.body.organization).toMatchObject({ invoiceTerms: true, paymentTermsDays: 30 });
    expect(
      (await app.op.get(`/api/ops/organizations/${app.demoId}`)).body.organization.paymentTermsDays,
    ).toBe(30);
    const [entry] = (
      await app.op.get(`/api/ops/audit?organizationId=${app.demoId}&kind=organization.updated`)
    ).body.items;
    expect(entry.summary).toContain("Payment Terms 'net 14' → 'net 30'");
    // The customer's Activity says it in the same words.
    const admin = await app.t.loginDemo();
    const seen = await admin.get('/api/organization/activity?kind=organization.updated');
    expect(seen.body.items[0].summary).toContain("Payment Terms 'net 14' → 'net 30'");
  });

  it('are left as they are when the form does not send them (the operator’s tool)', async () => {
    const res = await app.op.put(`/api/ops/organizations/${app.demoId}/terms`, { ...terms, discount: 0.1 });
    expect(res.status).toBe(200);
    expect(res.body.organization.paymentTermsDays).toBe(30);
  });

  it('refuse anything but net 14, 30 or 60 with a clear message, changing nothing', async () => {
    const before = (await app.op.get('/api/ops/audit')).body.total;
    for (const bad of [45, 0, -14, 30.5, '30', null]) {
      const res = await app.op.put(`/api/ops/organizations/${app.demoId}/terms`, {
        ...terms,
        paymentTermsDays: bad,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Payment terms must be net 14, net 30 or net 60');
    }
    expect((await app.op.get('/api/ops/audit')).body.total).toBe(before);
    const [row] = await app.t.db.select().from(organizations).where(eq(organizations.id, app.demoId));
    expect(row!.paymentTermsDays).toBe(30);
  });
});
