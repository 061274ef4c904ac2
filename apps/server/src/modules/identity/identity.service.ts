import {
  AccountMessages,
  type LoginRequest,
  type LoginResponse,
  Messages,
  SsoMessages,
  TwoFactorMessages,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { PersonRow } from '../../lib/auth-context';
import { createSignInThrottle } from '../../lib/limits/sign-in-throttle';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import type { TwoFactorService } from '../two-factor';
import { toOrganizationDto, toPersonDto } from './dto';
import * as repo from './identity.repository';

export const INVALID_CREDENTIALS = 'The e-mail address or password is incorrect.';
export const EMAIL_NOT_VERIFIED =
  'Please verify your e-mail address before signing in: open the link in the e-mail we sent you.';

const failure = {
  success: false,
  token: null,
  person: null,
  organization: null,
  possibleOrganizations: [],
};

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions' | 'limits'> & {
  twoFactor: Pick<TwoFactorService, 'enabled' | 'checkAtSignIn' | 'setupRequired'>;
  /**
   * Single sign-on's enforcement (docs/decisions/036), handed in where the app is composed: whether a
   * password may sign this person in. Without it (the command line) passwords are always allowed.
   */
  sso?: { passwordAllowed(person: PersonRow): Promise<boolean> };
};

export function createIdentityService({ db, clock, sessions, limits, twoFactor, sso }: Deps) {
  const throttle = createSignInThrottle({ limits, clock });

  return {
    /** Name and e-mail of each admin, by name: a plain user is told whom to ask (docs/design.md §2). */
    organizationAdmins: (organizationId: number) => repo.organizationAdmins(db, organizationId),

    /**
     * POST /api/authenticate (spec §7, docs/design.md §4). Wrong credentials are a 200 with success false.
     * The attempt is counted before anything is checked and refunded unless a password or a second
     * factor was wrong (sign-in-throttle.ts).
     */
    async authenticate(input: LoginRequest, address: string, userAgent = '') {
      const email = input.email.trim().toLowerCase();
      return throttle.attempt<LoginResponse>(email, address, async () => {
        const candidates = await repo.signInCandidates(db, email, input.orgId);
        if (candidates.length === 0) await burnPasswordCheck(input.password);
        const matched = [];
        for (const c of candidates) {
          if (await verifyPassword(c.person.passwordHash, input.password)) matched.push(c);
        }
        if (matched.length === 0) return { failed: true, value: { ...failure, error: INVALID_CREDENTIALS } };
        // The password was right, so this is no failure to count; a deactivated person is told so,
        // and is no organization to choose among (docs/decisions/038).
        const active = matched.filter((m) => m.person.deactivatedAt === null);
        if (active.length === 0) {
          return { failed: false, value: { ...failure, error: AccountMessages.deactivated } };
        }
        matched.splice(0, matched.length, ...active);
        if (matched.length > 1) {
          const possibleOrganizations = matched.map((m) => ({
            organizationId: m.organization.id,
            companyName: m.organization.companyName,
          }));
          return {
            failed: false,
            value: { ...failure, error: Messages.multipleOrganizations, possibleOrganizations },
          };
        }
        const { person, organization } = matched[0]!;
        if (!person.emailVerified) return { failed: false, value: { ...failure, error: EMAIL_NOT_VERIFIED } };
        if (sso && !(await sso.passwordAllowed(person))) {
          return { failed: false, value: { ...failure, error: SsoMessages.passwordRefused } };
        }
        if (await twoFactor.enabled(person.id)) {
          if (!input.totp && !input.recoveryCode) {
            const value = { ...failure, twoFactorRequired: true, error: TwoFactorMessages.codeRequired };
            return { failed: false, value };
          }
          if (!(await twoFactor.checkAtSignIn(person.id, input))) {
            const error = input.totp
              ? TwoFactorMessages.signInCodeWrong
              : TwoFactorMessages.recoveryCodeWrong;
            return { failed: true, value: { ...failure, twoFactorRequired: true, error } };
          }
        }
        const token = await sessions.issue(person.id, { userAgent, address });
        const value = {
          success: true,
          token,
          person: toPersonDto(person),
          organization: toOrganizationDto(organization),
          possibleOrganizations: [],
          error: null,
          twoFactorSetupRequired: await twoFactor.setupRequired(person),
        };
        return { failed: false, value };
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
