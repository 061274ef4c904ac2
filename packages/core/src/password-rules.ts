import { MIN_PASSWORD_LENGTH } from './messages';

/**
 * What a new password may not be, beyond its length (ASVS 5.0 6.2.4 and 6.2.11; docs/security.md).
 * The list of common passwords is large and lives with the server; the words of the context are a
 * rule of the product and live here.
 */
export const PasswordMessages = {
  tooCommon: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  containsContextWord:
    "The password must not contain your e-mail address, your organization's name or the store's name.",
  /**
   * The whole rule, shown beside every new-password field before anything is typed: its length and
   * what contextWordRefusal and the server's list of common passwords refuse.
   */
  rules: `At least ${MIN_PASSWORD_LENGTH} characters. It may not contain the part of the e-mail address before the @, the organization's name or the store's name, and may not be a commonly used password.`,
} as const;

/** The store's own words (ASVS 6.2.11: the documented context-specific words). */
export const STORE_WORDS = ['subscriptionstore', 'licensedsoftware'] as const;

/** Shorter words would refuse too much by chance ("ann" in "planning"). */
const MIN_WORD_LENGTH = 4;

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export interface PasswordContext {
  email: string;
  organizationName?: string | null;
}

/** The words a password for this person may not contain, compacted (letters and digits only). */
export function contextWords({ email, organizationName }: PasswordContext): string[] {
  const words = [...STORE_WORDS, compact(email.split('@')[0] ?? '')];
  if (organizationName) words.push(compact(organizationName));
  return words.filter((w) => w.length >= MIN_WORD_LENGTH);
}

/** The message refusing this password for its context words, or null when it has none of them. */
export function contextWordRefusal(password: string, context: PasswordContext): string | null {
  const candidate = compact(password);
  return contextWords(context).some((w) => candidate.includes(w))
    ? PasswordMessages.containsContextWord
    : null;
}
