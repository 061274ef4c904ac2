import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_USER_EMAIL } from '../../seed/organizations';
import { actorScopesOpen } from './actor';

// The actor's context is open only while work that may record a change is under way (actor.ts):
// overlapping requests each keep their own actor, whichever ends first, and no request leaves its
// scope open, whatever its answer.

let t: TestApp;
type Api = Awaited<ReturnType<TestApp['login']>>;
let admin: Api;
let jane: Api;
let janeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginDemo();
  const people = await admin.get('/api/person/all');
  janeId = people.body.find((p: { email: string }) => p.email === DEMO_USER_EMAIL).personId;
  expect((await admin.post(`/api/person/update/${janeId}`, { password: 'jane-password-1' })).status).toBe(
    200,
  );
  jane = await t.login(DEMO_USER_EMAIL, 'jane-password-1');
});
afterAll(() => t.close());

type Entry = { actor: { personId: number }; after: { lastName?: string } };

describe("the actor's context", () => {
  it('names the right person for each of many overlapping changes by two people', async () => {
    const changes = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? admin.post(`/api/person/update/${janeId}`, { lastName: `Admin${i}` })
        : jane.post(`/api/person/update/${janeId}`, { lastName: `Self${i}` }),
    );
    for (const res of await Promise.all(changes)) expect(res.status).toBe(200);
    const page = (await admin.get('/api/organization/activity?kind=person.updated')).body;
    const mine = page.items.filter((e: Entry) => /^(Admin|Self)\d+$/.test(e.after.lastName ?? ''));
    expect(mine).toHaveLength(12);
    for (const entry of mine as Entry[]) {
      const by = entry.after.lastName!.startsWith('Admin') ? admin.person.personId : janeId;
      expect(entry.actor.personId).toBe(by);
    }
    expect(actorScopesOpen()).toBe(0);
  });

  it('is closed after refusals, unknown paths, bad input and engine calls, and opens again for the next change', async () => {
    const answers = await Promise.all([
      t.client().get('/api/organization/activity'),
      admin.get('/api/no-such-route'),
      admin.post(`/api/person/update/${janeId}`, { firstName: 7 }),
      t.client().post('/api/licensing/validate', { licenseKey: 'no-such-key' }),
      t.client().post('/api/licensing/validate', { licenseKey: 7 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 404, 400, 200, 400]);
    expect(actorScopesOpen()).toBe(0);

    expect((await admin.post(`/api/person/update/${janeId}`, { lastName: 'After' })).status).toBe(200);
    const latest = (await admin.get('/api/organization/activity?kind=person.updated')).body.items[0];
    expect(latest).toMatchObject({
      actor: { personId: admin.person.personId },
      after: { lastName: 'After' },
    });
    expect(actorScopesOpen()).toBe(0);
  });
});
