import { AccountMessages, AccountPersonSchema, PersonBodyMessages, PersonSchema, Rights } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { newUser } from '../../../test/support/accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';

// docs/design.md §2 "Person bodies": create and update take a user as docs/spec.md §3 lists it, so a person
// read with GET can be sent back with one field changed.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginDemo']>>;
let jane: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginDemo();
  jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
});
afterAll(() => t.close());

const row = async (id: number) =>
  (
    await queryRows<{ rights: number; phone: string; first_name: string }>(
      t.db,
      sql`SELECT rights, phone, first_name FROM persons WHERE id = ${id}`,
    )
  )[0];
const count = async () => (await admin.get('/api/person/all')).body.length as number;
describe('POST /api/person/create with the spec’s person fields', () => {
  it('accepts rights and phone, stores the phone, and GET answers both', async () => {
    const res = await admin.post(
      '/api/person/create',
      newUser('rita@example.com', { rights: 1, phone: '+1 555 0100' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rights: 1, phone: '+1 555 0100' });
    const read = await admin.get(`/api/person/${res.body.personId}`);
    expect(AccountPersonSchema.parse(read.body)).toMatchObject({ rights: 1, phone: '+1 555 0100' });
  });

  it.each([
    [3, 3],
    [2, 3],
    [4, 5],
    [Rights.User | Rights.Licenses | Rights.Developer, 25],
    [31, 31],
  ])('rights %i makes a user with those roles (%i)', async (rights, stored) => {
    const res = await admin.post('/api/person/create', newUser(`roles${rights}@example.com`, { rights }));
    expect(res.status).toBe(201);
    expect((await row(res.body.personId))!.rights).toBe(stored);
  });

  it.each([0, 32, Rights.Operator, Rights.User | Rights.Operator])(
    'refuses rights %i with 403 and creates nothing',
    async (rights) => {
      const before = await count();
      const res = await admin.post('/api/person/create', newUser(`op${rights}@example.com`, { rights }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: PersonBodyMessages.rightsNotGrantable, code: 'FORBIDDEN' });
      expect(await count()).toBe(before);
    },
  );

  it('ignores organizationId and the read-only fields when they say what is so', async () => {
    const res = await admin.post(
      '/api/person/create',
      newUser('same.org@example.com', {
        organizationId: admin.organization.organizationId,
        personId: null,
        emailVerified: false,
        pendingEmail: null,
      }),
    );
    expect(res.status).toBe(201);
  });
});

describe('POST /api/person/update/{personId} with a person as GET answers it', () => {
  it('takes a GET body back with one field changed, and changes only that field', async () => {
    const read = await admin.get(`/api/person/${jane.person.personId}`);
    const res = await admin.post(`/api/person/update/${jane.person.personId}`, {
      ...read.body,
      phone: '+44 20 7946 0000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...read.body, phone: '+44 20 7946 0000' });
  });

  it('lets a plain user send their own GET body back (rights unchanged is no change)', async () => {
    const read = await jane.get('/api/person/current');
    expect(z.strictObject(PersonSchema.shape).parse(read.body)).toMatchObject({
      rights: 1,
      phone: '+44 20 7946 0000',
    });
    const res = await jane.post(`/api/person/update/${jane.person.personId}`, {
      ...read.body,
      lastName: 'Mills',
    });
    expect(res.status).toBe(200);
    expect(res.body.lastName).toBe('Mills');
  });

  it('refuses any rights change by a plain user with 403 and changes nothing', async () => {
    const read = await jane.get(`/api/person/${jane.person.personId}`);
    for (const rights of [2, 3, 5]) {
      const res = await jane.post(`/api/person/update/${jane.person.personId}`, {
        ...read.body,
        firstName: 'Changed',
        rights,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(AccountMessages.onlyAdminsGrantRoles);
    }
    expect(await row(jane.person.personId)).toMatchObject({ rights: 1, first_name: 'Jane' });
  });

  it('refuses the operator bit from an admin with 403 and changes nothing', async () => {
    for (const rights of [Rights.Operator, Rights.User | Rights.Operator, 31 | Rights.Operator]) {
      const res = await admin.post(`/api/person/update/${jane.person.personId}`, { rights, firstName: 'X' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PersonBodyMessages.rightsNotGrantable);
    }
    expect(await row(jane.person.personId)).toMatchObject({ rights: 1, first_name: 'Jane' });
  });

  it('clears the phone with an empty value', async () => {
    const res = await admin.post(`/api/person/update/${jane.person.personId}`, { phone: '' });
    expect(res.status).toBe(200);
    expect((await row(jane.person.personId))!.phone).toBe('');
  });

  it('refuses other fields', async () => {
    const res = await admin.post(`/api/person/update/${jane.person.personId}`, { role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Unrecognized key');
  });
});
