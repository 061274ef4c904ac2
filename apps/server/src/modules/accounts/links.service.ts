import type { AppDeps } from '../../app-deps';
import { deleteSpentTokens } from './one-time-tokens.repository';

/** The links mailed to persons (verification, reset, address change), as housekeeping sees them. */
export function createLinksService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** Links used or past their expiry can never work again; answers how many were deleted. */
    deleteSpent: () => deleteSpentTokens(db, clock.now()),
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
