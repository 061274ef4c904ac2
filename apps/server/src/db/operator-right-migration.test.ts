import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isOperator, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import { migrationsDir } from '../paths';
import type { Database } from './client';
import { organizations, persons } from './schema';

// Migration 0170 moves the operator's right off bit 4, which is now the Billing role (docs/decisions/033).
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('moves bit 4 to the operator bit, keeping the other bits, and leaves everyone else as they were', async () => {
  const [store] = await database.db
    .insert(organizations)
    .values({ companyName: 'Migrated Store', isStore: true })
    .returning({ id: organizations.id });
  const [customer] = await database.db
    .insert(organizations)
    .values({ companyName: 'Migrated Customer' })
    .returning({ id: organizations.id });
  const person = (organizationId: number, email: string, rights: number) => ({
    organizationId,
    email,
    rights,
    passwordHash: 'x',
    firstName: 'M',
    lastName: 'M',
  });
  await database.db.insert(persons).values([
    // Before the move: 1 user + 4 operator, as the operator's tool wrote them.
    person(store!.id, 'old.operator@example.com', 1 | 4),
    person(customer!.id, 'admin@example.com', 3),
    person(customer!.id, 'user@example.com', 1),
  ]);

  await database.exec(readFileSync(join(migrationsDir, '0170_operator_right_bit.sql'), 'utf8'));

  const rightsOf = async (email: string) =>
    (await database.db.select({ rights: persons.rights }).from(persons).where(eq(persons.email, email)))[0]!
      .rights;
  const operator = await rightsOf('old.operator@example.com');
  expect(operator).toBe(Rights.User | Rights.Operator);
  expect(isOperator({ rights: operator })).toBe(true);
  expect(operator & Rights.Billing).toBe(0);
  expect(await rightsOf('admin@example.com')).toBe(3);
  expect(await rightsOf('user@example.com')).toBe(1);
});
