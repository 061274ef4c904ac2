import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons, twoFactorEnrolments, twoFactorPolicies, twoFactorRecoveryCodes } from '../../db/schema';

export type Enrolment = typeof twoFactorEnrolments.$inferSelect;

/** The person an admin resets, read only: persons are written by accounts. */
export async function findPersonInOrganization(db: DbOrTx, organizationId: number, personId: number) {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export async function findEnrolment(db: DbOrTx, personId: number): Promise<Enrolment | null> {
  const rows = await db.select().from(twoFactorEnrolments).where(eq(twoFactorEnrolments.personId, personId));
  return rows[0] ?? null;
}

export async function savePendingSecret(db: DbOrTx, personId: number, pendingSecret: string): Promise<void> {
  await db
    .insert(twoFactorEnrolments)
    .values({ personId, pendingSecret })
    .onConflictDoUpdate({ target: twoFactorEnrolments.personId, set: { pendingSecret } });
}

/** Turns the pending secret on, if it is still the one the code was checked against. */
export async function enable(
  db: DbOrTx,
  personId: number,
  pendingSecret: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorEnrolments)
    .set({ secret: pendingSecret, pendingSecret: null, enabledAt: now, lastStep: step, setupRequired: false })
    .where(
      and(eq(twoFactorEnrolments.personId, personId), eq(twoFactorEnrolments.pendingSecret, pendingSecret)),
    )
    .returning({ personId: twoFactorEnrolments.personId });
  return rows.length === 1;
}

/** Off, with every recovery code gone; `setupRequired` sends the person to enrol at next sign-in. */
export async function turnOff(db: DbOrTx, personId: number, setupRequired: boolean): Promise<void> {
  await db
    .insert(twoFactorEnrolments)
    .values({ personId, setupRequired })
    .onConflictDoUpdate({
      target: twoFactorEnrolments.personId,
      set: { secret: null, pendingSecret: null, enabledAt: null, lastStep: 0, setupRequired },
    });
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.personId, personId));
}

/**
 * Records `step` as used, only if it is later than every step used before: two requests with the
 * same code cannot both win (each code signs in once).
 */
export async function useStep(db: DbOrTx, personId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorEnrolments)
    .set({ lastStep: step })
    .where(and(eq(twoFactorEnrolments.personId, personId), lt(twoFactorEnrolments.lastStep, step)))
    .returning({ personId: twoFactorEnrolments.personId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  personId: number,
  codeHashes: string[],
): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.personId, personId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ personId, codeHash })));
}

/** The person's unused recovery codes (their hashes), to check a typed code against. */
export async function unusedRecoveryCodeHashes(db: DbOrTx, personId: number) {
  return db
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.personId, personId), isNull(twoFactorRecoveryCodes.usedAt)));
}

/** Uses up a recovery code; false when another request used it first. */
export async function useRecoveryCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: DbOrTx, personId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.personId, personId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function adminsRequired(db: DbOrTx, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ adminsRequired: twoFactorPolicies.adminsRequired })
    .from(twoFactorPolicies)
    .where(eq(twoFactorPolicies.organizationId, organizationId));
  return rows[0]?.adminsRequired ?? false;
}

export async function setAdminsRequired(db: DbOrTx, organizationId: number, adminsRequired: boolean) {
  await db
    .insert(twoFactorPolicies)
    .values({ organizationId, adminsRequired })
    .onConflictDoUpdate({ target: twoFactorPolicies.organizationId, set: { adminsRequired } });
}
