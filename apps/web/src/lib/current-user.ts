import {
  type LoginResponse,
  type Organization,
  OrganizationSchema,
  type Person,
  PersonSchema,
} from '@store/core';
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';

// Spec §3/§9: the logged-in user, token included, lives in local storage under `currentUser`.
const STORAGE_KEY = 'currentUser';

export const CurrentUserSchema = z.object({
  token: z.string().check(z.minLength(1)),
  person: PersonSchema,
  organization: OrganizationSchema,
  /** Signed in, but two-factor sign-in must be set up on the Account screen first (docs/design.md §4). */
  twoFactorSetupRequired: z.optional(z.boolean()),
});
export type CurrentUser = {
  token: string;
  person: Person;
  organization: Organization;
  twoFactorSetupRequired?: boolean;
};

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: CurrentUser | null = null;

function read(): CurrentUser | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  // useSyncExternalStore needs a stable snapshot: re-parse only when the stored text changes.
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = CurrentUserSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedUser = parsed.data;
    } catch {
      // A corrupt entry counts as logged out.
    }
  }
  return cachedUser;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getCurrentUser(): CurrentUser | null {
  return read();
}

export function setCurrentUser(user: CurrentUser): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  notify();
}

/**
 * Keeps the session a sign-in answer carries (a password's, or single sign-on's ticket's) and says
 * whom it signed in; null when the answer carries none.
 */
export function signInWith(answer: LoginResponse): Person | null {
  if (!answer.token || !answer.person || !answer.organization) return null;
  setCurrentUser({
    token: answer.token,
    person: answer.person,
    organization: answer.organization,
    twoFactorSetupRequired: answer.twoFactorSetupRequired ?? false,
  });
  return answer.person;
}

/** Replaces parts of the stored user (e.g. after the person edits their own name). */
export function updateCurrentUser(patch: Partial<CurrentUser>): void {
  const user = read();
  if (user) setCurrentUser({ ...user, ...patch });
}

export function clearCurrentUser(): void {
  window.localStorage.removeItem(STORAGE_KEY);
  notify();
}

export function subscribeToCurrentUser(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribeToCurrentUser, read, () => null);
}
