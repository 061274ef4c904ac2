import { AccountMessages, ScimSchemas } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeScimToken, type ScimClient, scimClient } from '../../../test/support/scim-client';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { persons } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';

// docs/decisions/038: deprovisioning (active false, or delete) ends the person's sessions at once on
// every server. Two app instances share one database, each with its read caches on, as in
// production (docs/decisions/021): each holds the person's session in memory before the provider acts.

let t: TestApp;
let second: TestApp;
let scim: ScimClient;

beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHES: '1' } });
  // A second server: its own memory and caches, the same database and clock.
  second = await createTestApp({
    database: { ...t.database, close: async () => {} },
    seed: false,
    clock: t.clock,
    env: { READ_CACHES: '1' },
  });
  scim = scimClient(t, await makeScimToken(await t.loginDemo()));
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const personId = async (email: string) =>
  (await t.db.select().from(persons).where(eq(persons.email, email)))[0]!.id;

/** The person's own record through a server with the session's token: 200 while the session lives. */
const statusOn = async (app: TestApp, token: string, id: number) =>
  (await app.client(token).get(`/api/person/${id}`)).status;

/** Signs in with a password on a server; the answer as the login screen reads it. */
const signIn = async (app: TestApp, email: string) =>
  (
    await app
      .client()
      .post('/api/authenticate', { email, password: DEMO_PASSWORD, orgId: null, rememberMe: true })
  ).body;

/** Both servers answer from memory: read the session twice on each. */
async function holdOnBoth(token: string, id: number) {
  for (const app of [t, second]) for (let i = 0; i < 2; i++) expect(await statusOn(app, token, id)).toBe(200);
}

const refusedOnSecond = (token: string, id: number) =>
  expect.poll(() => statusOn(second, token, id), { timeout: 5_000, interval: 20 }).toBe(401);

describe('deprovisioning ends sessions at once on every server', () => {
  it('active false: the session ends on both servers, and neither password nor a new session lets the person in', async () => {
    const janeId = await personId(DEMO_USER_EMAIL);
    const jane = await signIn(t, DEMO_USER_EMAIL);
    expect(jane.success).toBe(true);
    await holdOnBoth(jane.token, janeId);

    const res = await scim.patch(`/Users/${janeId}`, {
      schemas: [ScimSchemas.patchOp],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);

    // The server that deactivated forgets at once; the other when the database announces it.
    expect(await statusOn(t, jane.token, janeId)).toBe(401);
    await refusedOnSecond(jane.token, janeId);

    // The password is right, yet sign-in is refused on either server, with the reason.
    for (const app of [t, second]) {
      const refused = await signIn(app, DEMO_USER_EMAIL);
      expect(refused).toMatchObject({ success: false, token: null, error: AccountMessages.deactivated });
    }
    // Single sign-on and every other way in end in the session service, which refuses too.
    await expect(t.deps.sessions.issue(janeId)).rejects.toMatchObject({
      code: 'DEACTIVATED',
      statusCode: 403,
    });
    const [row] = await t.db.select().from(persons).where(eq(persons.id, janeId));
    expect(row!.deactivatedAt).not.toBeNull();

    // Reactivated, the person signs in again.
    const back = await scim.patch(`/Users/${janeId}`, {
      Operations: [{ op: 'replace', value: { active: 'True' } }],
    });
    expect(back.body.active).toBe(true);
    const again = await signIn(second, DEMO_USER_EMAIL);
    expect(again.success).toBe(true);
    expect(await statusOn(second, again.token, janeId)).toBe(200);
  });

  it('delete: the session ends on both servers', async () => {
    const omarId = await personId('omar.haddad@example.com');
    const omar = await signIn(second, 'omar.haddad@example.com');
    expect(omar.success).toBe(true);
    await holdOnBoth(omar.token, omarId);

    expect((await scim.delete(`/Users/${omarId}`)).status).toBe(204);
    expect(await statusOn(t, omar.token, omarId)).toBe(401);
    await refusedOnSecond(omar.token, omarId);
    expect((await signIn(second, 'omar.haddad@example.com')).success).toBe(false);
  });
});
