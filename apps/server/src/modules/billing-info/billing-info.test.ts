import { OrganizationSchema } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subAccountBillingInfo as info, loginSubAccount } from '../../../test/support/demo-accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { organizations } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_SUB_ACCOUNT, DEMO_USER_EMAIL } from '../../seed/organizations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('billing information', () => {
  it('saves the card reference and the address, never a card number; answers with the organization', async () => {
    const europe = await loginSubAccount(t);
    expect(europe.organization.hasBillingInfo).toBe(false);
    expect((await europe.get('/api/organization/billing_description')).body).toEqual({
      name: null,
      company: null,
      addr1: null,
      addr2: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      cardLastFour: null,
      cardExpMonth: null,
      cardExpYear: null,
      taxId: null,
    });
    const setup = await europe.post('/api/organization/card_setup');
    expect(setup.body).toEqual({ clientSecret: null });

    const res = await europe.put('/api/organization/billing_info', info());
    expect(res.status).toBe(200);
    const org = OrganizationSchema.parse(res.body);
    expect(org).toMatchObject({ companyName: DEMO_SUB_ACCOUNT, hasBillingInfo: true });
    expect(res.body).not.toHaveProperty('paymentMethodId');
    expect((await europe.get('/api/organization/current')).body).toEqual(res.body);
    expect((await europe.get('/api/organization/billing_description')).body).toEqual({
      name: 'Erik Jansen',
      company: 'Demo Documents Europe',
      addr1: 'Keizersgracht 62',
      addr2: '2nd floor',
      city: 'Amsterdam',
      state: 'Noord-Holland',
      zip: '1015 CS',
      country: 'NL',
      cardLastFour: info().lastFour,
      cardExpMonth: info().expireMonth,
      cardExpYear: info().expireYear,
      taxId: null,
      cardBrand: 'mastercard',
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.organizationId));
    expect(row).toMatchObject({
      paymentMethodId: 'pm_card_mastercard',
      cardLastFour: '4444',
      cardExpMonth: 8,
      cardExpYear: 2030,
      cardBrand: 'mastercard',
    });
    expect(row!.gatewayCustomerId).toMatch(/^cus_sandbox_/);
  });

  it.each([
    [{ nameOnCard: '' }, 'Name is required'],
    [{ addr1: ' ' }, 'Address 1 is required'],
    [{ city: '' }, 'City is required'],
    [{ country: '' }, 'Country is required'],
    [{ postalCode: '' }, 'Postal Code is required'],
    [{ sourceId: '' }, 'Card Number is required'],
    [{ sourceId: '4242424242424242 ' }, 'Card numbers are not accepted here'],
    [{ cardNumber: '4242424242424242' }, 'Unrecognized key'],
    [{ cardBrand: 'bitcoin' }, 'cardBrand'],
  ])('refuses %j with 400 and changes nothing', async (patch, message) => {
    const api = await t.loginDemo();
    const before = (await api.get('/api/organization/billing_description')).body;
    const res = await api.put('/api/organization/billing_info', info(patch));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await api.get('/api/organization/billing_description')).body).toEqual(before);
  });

  it("a payment method the gateway does not know is refused with the gateway's message", async () => {
    const api = await t.loginDemo();
    const res = await api.put('/api/organization/billing_info', info({ sourceId: 'pm_made_up' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your card number is incorrect.');
  });

  it('is for administrators only', async () => {
    const jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await jane.put('/api/organization/billing_info', info())).status).toBe(403);
    expect((await jane.get('/api/organization/billing_description')).status).toBe(403);
    expect((await t.client().get('/api/organization/billing_description')).status).toBe(401);
  });
});
