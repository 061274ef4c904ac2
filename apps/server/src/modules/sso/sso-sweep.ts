import type { AppDeps } from '../../app-deps';
import * as repo from './sso.repository';

/** Housekeeping's part of single sign-on: sign-in attempts and SAML assertion ids past their life. */
export function createSsoSweep({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return { deleteSpent: () => repo.deleteSpentBefore(db, clock.now()) };
}
