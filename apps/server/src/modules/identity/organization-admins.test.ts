import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT, DEMO_USER_EMAIL } from '../../seed/organizations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/organization/admins', () => {
  it('names the organization’s admins to a plain user, and only them', async () => {
    const jane = await t.login(DEMO_USER_EMAIL);
    const res = await jane.get('/api/organization/admins');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ firstName: 'Dana', lastName: 'Demo', email: DEMO_EMAIL }]);
  });

  it('answers each organization with its own admins (a sub-account’s are not the parent’s)', async () => {
    const orgs = await t.client().post('/api/authenticate', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const europe = orgs.body.possibleOrganizations.find(
      (o: { companyName: string }) => o.companyName === DEMO_SUB_ACCOUNT,
    );
    const api = await t.login(DEMO_EMAIL, DEMO_PASSWORD, europe.organizationId);
    const res = await api.get('/api/organization/admins');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { email: string }) => a.email)).toEqual([DEMO_EMAIL]);
    expect(res.body).toHaveLength(1);
  });

  it('is refused without a session', async () => {
    expect((await t.client().get('/api/organization/admins')).status).toBe(401);
  });
});
