import type { Config } from '../config';
import type { Db } from '../db/client';
import { twoFactorEnrolments } from '../db/schema';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { sealSecret } from '../lib/secret-box';
import { createOperatorsService } from '../modules/accounts';
import { twoFactorKey } from '../modules/two-factor';
import { DEMO_PASSWORD } from './organizations';

export const DEMO_OPERATOR_EMAIL = 'operator@example.com';
/**
 * The demo operator's two-factor secret (base32), fixed so that README.md, the start-up log and the
 * browser tests can compute its codes. Only the demo has it; a real operator enrols their own.
 */
export const DEMO_OPERATOR_TOTP_SECRET = 'OPERATORDEMOSECRETKEYFORTHESTORE';

/** The demo's operator, enrolled in two-factor sign-in with the fixed secret (demo mode only; once). */
export async function seedDemoOperator(
  db: Db,
  clock: Clock,
  config: Pick<Config, 'mode' | 'twoFactorKey' | 'publicUrl'>,
): Promise<void> {
  const operators = createOperatorsService({ db, clock, config });
  if ((await operators.listOperators()).some((o) => o.email === DEMO_OPERATOR_EMAIL)) return;
  const { personId, created } = await operators.addOperator({
    email: DEMO_OPERATOR_EMAIL,
    firstName: 'Olivia',
    lastName: 'Operator',
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  if (!created) return;
  const secret = sealSecret(await twoFactorKey(db, config), DEMO_OPERATOR_TOTP_SECRET);
  await db
    .insert(twoFactorEnrolments)
    .values({ personId, secret, enabledAt: new Date(), lastStep: 0 })
    .onConflictDoNothing();
}
