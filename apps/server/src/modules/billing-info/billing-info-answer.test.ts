import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/spec.md §7: PUT billing_info answers the updated organization, whose billing fields (§3: orgName,
// addr1, addr2, city, state, country, zip) are the ones just saved. With the read caches on, as a
// server runs, so a session remembered from before the change cannot answer the old ones.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHES: '1' } });
});
afterAll(() => t.close());

const rotterdam = {
  nameOnCard: 'Erik Jansen',
  company: 'Jansen Press Works',
  addr1: 'Coolsingel 40',
  addr2: 'Unit 3',
  city: 'Rotterdam',
  state: 'Zuid-Holland',
  country: 'nl',
  postalCode: '3011 AD',
  sourceId: 'pm_card_visa',
  expireMonth: 8,
  expireYear: 2030,
  lastFour: '4242',
  cardBrand: 'visa',
};
const savedFields = {
  orgName: 'Jansen Press Works',
  addr1: 'Coolsingel 40',
  addr2: 'Unit 3',
  city: 'Rotterdam',
  state: 'Zuid-Holland',
  country: 'NL',
  zip: '3011 AD',
};

describe('the answer of PUT billing_info', () => {
  it('is the organization with the billing fields just saved, and organization/current reads them at once', async () => {
    const admin = await t.loginDemo();
    // Read once, so the session (and its organization) is remembered before the change.
    expect((await admin.get('/api/organization/current')).body.city).not.toBe('Rotterdam');

    const res = await admin.put('/api/organization/billing_info', rotterdam);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...savedFields, hasBillingInfo: true });
    expect((await admin.get('/api/organization/current')).body).toEqual(res.body);
    expect((await admin.get('/api/organization/billing_description')).body).toMatchObject({
      city: 'Rotterdam',
    });
  });
});
