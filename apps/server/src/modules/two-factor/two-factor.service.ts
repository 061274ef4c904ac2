import { isAdmin, isOperator, RecoveryCodeSchema, TwoFactorMessages } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext, PersonRow } from '../../lib/auth-context';
import { conflict, DomainError, notFound } from '../../lib/domain-error';
import type { SignInThrottle } from '../../lib/limits/sign-in-throttle';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { recordAudit } from '../audit';
import { matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';
import * as repo from './two-factor.repository';
import { twoFactorKey } from './two-factor-key';

/** The audit entry of a second factor turned on or off (docs/decisions/017): the fact, never the secret. */
const recordTwoFactor = (tx: DbOrTx, person: PersonRow, enabled: boolean) =>
  recordAudit(tx, 'person.two-factor', {
    before: { ...person, twoFactorEnabled: !enabled },
    after: { ...person, twoFactorEnabled: enabled },
  });

/** Whether this person signs in with a second factor (other modules ask the service's enabled). */
export async function hasTwoFactor(db: DbOrTx, personId: number): Promise<boolean> {
  return Boolean((await repo.findEnrolment(db, personId))?.secret);
}

/**
 * Recovery codes carry about 49 bits, under the 112 bits ASVS 5.0 (6.5.2) asks of a secret kept
 * with a plain hash, so they are stored like passwords (argon2id, salted). A check tries the person's
 * unused codes, ten at most.
 */
const hashRecoveryCode = (code: string) => hashPassword(RecoveryCodeSchema.parse(code));

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions'> & { throttle: SignInThrottle };

/** Two-factor sign-in (TOTP, RFC 6238) and recovery codes, docs/design.md §4. */
export function createTwoFactorService({ db, clock, config, sessions, throttle }: Deps) {
  let key: Promise<Buffer> | null = null;
  const keyOf = (database: Db) => {
    key ??= twoFactorKey(database, config);
    return key;
  };
  const seal = async (secret: string) => sealSecret(await keyOf(db), secret);
  const open = async (box: string) => openSecret(await keyOf(db), box);

  async function mustSetUp(person: AuthContext['person'], enrolment: repo.Enrolment | null) {
    if (enrolment?.secret) return false;
    if (enrolment?.setupRequired || isOperator(person)) return true;
    return isAdmin(person) && (await repo.adminsRequired(db, person.organizationId));
  }

  /** A TOTP code of the person's secret, each time step usable once. */
  async function useTotp(personId: number, secretBox: string, lastStep: number, code: string) {
    const step = await matchingStep(await open(secretBox), code, lastStep);
    return step !== null && (await repo.useStep(db, personId, step));
  }

  /** A reset: off, to be set up again at the next sign-in, audited; the person's sessions end. */
  async function resetEnrolment(target: PersonRow) {
    await db.transaction(async (tx) => {
      await repo.turnOff(tx, target.id, true);
      await recordTwoFactor(tx, target, false);
    });
    await sessions.revokeAllFor(target.id);
  }

  return {
    async status(auth: AuthContext) {
      const enrolment = await repo.findEnrolment(db, auth.person.id);
      return {
        enabled: Boolean(enrolment?.secret),
        recoveryCodesLeft: enrolment?.secret ? await repo.unusedRecoveryCodes(db, auth.person.id) : 0,
        setupRequired: await mustSetUp(auth.person, enrolment),
      };
    },

    /** Whether the person must set up two-factor sign-in before anything else (login answer, sessions). */
    async setupRequired(person: AuthContext['person']) {
      return mustSetUp(person, await repo.findEnrolment(db, person.id));
    },

    /** A new secret to confirm with a first code; a secret already on must be turned off first. */
    async setup(auth: AuthContext) {
      const enrolment = await repo.findEnrolment(db, auth.person.id);
      if (enrolment?.secret) throw conflict(TwoFactorMessages.alreadyEnabled);
      const secret = newTotpSecret();
      await repo.savePendingSecret(db, auth.person.id, await seal(secret));
      return { secret, otpauthUri: otpauthUri(secret, auth.person.email) };
    },

    /** The first code proves the app holds the secret; ten recovery codes are answered once. */
    async enable(auth: AuthContext, code: string) {
      const enrolment = await repo.findEnrolment(db, auth.person.id);
      if (enrolment?.secret) throw conflict(TwoFactorMessages.alreadyEnabled);
      if (!enrolment?.pendingSecret) throw conflict(TwoFactorMessages.noSetupPending);
      const pending = enrolment.pendingSecret;
      const step = await matchingStep(await open(pending), code, 0);
      if (step === null) throw new DomainError('TWO_FACTOR_CODE_WRONG', TwoFactorMessages.codeWrong);
      const recoveryCodes = newRecoveryCodes();
      const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
      await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, auth.person.id, pending, step, clock.now()))) {
          throw conflict(TwoFactorMessages.noSetupPending);
        }
        await repo.replaceRecoveryCodes(tx, auth.person.id, hashes);
        await recordTwoFactor(tx, auth.person, true);
      });
      // ASVS 5.0 7.4.3: a changed factor ends the person's other sessions, as a password change does.
      await sessions.revokeAllFor(auth.person.id, auth.sessionId);
      return { recoveryCodes };
    },

    /** Off with a current code (a wrong one counts as a failed sign-in); not while the policy requires it. */
    async disable(auth: AuthContext, code: string, address: string) {
      const enrolment = await repo.findEnrolment(db, auth.person.id);
      if (!enrolment?.secret) throw conflict(TwoFactorMessages.notEnabled);
      const secret = enrolment.secret;
      // Operators always sign in with two factors (docs/decisions/015).
      if (isOperator(auth.person)) throw conflict(TwoFactorMessages.operatorsAlways);
      if (isAdmin(auth.person) && (await repo.adminsRequired(db, auth.person.organizationId))) {
        throw conflict(TwoFactorMessages.setupRequiredByPolicy);
      }
      const ok = await throttle.attempt(auth.person.email.toLowerCase(), address, async () => {
        const right = await useTotp(auth.person.id, secret, enrolment.lastStep, code);
        return { failed: !right, value: right };
      });
      if (!ok) throw new DomainError('TWO_FACTOR_CODE_WRONG', TwoFactorMessages.codeWrong);
      await db.transaction(async (tx) => {
        await repo.turnOff(tx, auth.person.id, false);
        await recordTwoFactor(tx, auth.person, false);
      });
      await sessions.revokeAllFor(auth.person.id, auth.sessionId);
      return { success: true as const };
    },

    /**
     * The second factor at sign-in (inside the sign-in throttle): a TOTP code or a recovery code,
     * each usable once. True when it is right.
     */
    async checkAtSignIn(personId: number, factor: { totp?: string; recoveryCode?: string }) {
      const enrolment = await repo.findEnrolment(db, personId);
      if (!enrolment?.secret) return false;
      if (factor.totp) return useTotp(personId, enrolment.secret, enrolment.lastStep, factor.totp);
      if (factor.recoveryCode) {
        const typed = RecoveryCodeSchema.parse(factor.recoveryCode);
        for (const code of await repo.unusedRecoveryCodeHashes(db, personId)) {
          if (await verifyPassword(code.codeHash, typed))
            return repo.useRecoveryCode(db, code.id, clock.now());
        }
      }
      return false;
    },

    /** Whether a person has a second factor to ask for at sign-in. */
    enabled: (personId: number) => hasTwoFactor(db, personId),

    /** An admin resets a user's second factor (a lost phone): the user sets it up at next sign-in. */
    async reset(auth: AuthContext, personId: number) {
      const target = await repo.findPersonInOrganization(db, auth.organization.id, personId);
      if (!target) throw notFound('No such user in your organization.');
      if (target.id === auth.person.id) throw conflict(TwoFactorMessages.cannotResetOwn);
      await resetEnrolment(target);
      return { success: true as const };
    },

    /**
     * The store's operator resets a customer's second factor (a lost phone and no admin to do it): as
     * an admin's reset, the person sets it up again at their next sign-in and their sessions end.
     */
    async resetForOperator(
      organizationId: number,
      personId: number,
      says: { missing: string; notOn: (person: PersonRow) => string },
    ) {
      const target = await repo.findPersonInOrganization(db, organizationId, personId);
      if (!target) throw notFound(says.missing);
      if (!(await hasTwoFactor(db, target.id))) throw conflict(says.notOn(target));
      await resetEnrolment(target);
      return target;
    },

    async policy(auth: AuthContext) {
      return { adminsRequired: await repo.adminsRequired(db, auth.organization.id) };
    },

    /** An admin requires two factors of the organization's admins; only once signing in with them. */
    async setPolicy(auth: AuthContext, adminsRequired: boolean) {
      if (adminsRequired && !(await hasTwoFactor(db, auth.person.id))) {
        throw conflict(TwoFactorMessages.setUpYoursFirst);
      }
      await db.transaction(async (tx) => {
        const before = await repo.adminsRequired(tx, auth.organization.id);
        await repo.setAdminsRequired(tx, auth.organization.id, adminsRequired);
        await recordAudit(tx, 'organization.updated', {
          before: { ...auth.organization, adminsRequireTwoFactor: before },
          after: { ...auth.organization, adminsRequireTwoFactor: adminsRequired },
        });
      });
      return { adminsRequired };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
