import { contextWordRefusal, type PasswordContext, PasswordMessages } from '@store/core';
import { dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from './domain-error';

/**
 * The most common passwords of public breach corpora, as zxcvbn-ts ships them (about 49,000, most
 * common first): far beyond ASVS 6.2.4's 3,000. Built on first use, compared case-insensitively.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * Refuses a new password that is common or holds the context's words, before it is hashed; every
 * place that sets a password calls this (registration, adding a user, changing one's own, reset).
 */
export function assertAcceptablePassword(password: string, context: PasswordContext): void {
  if (isCommonPassword(password)) throw new DomainError('WEAK_PASSWORD', PasswordMessages.tooCommon);
  const refusal = contextWordRefusal(password, context);
  if (refusal) throw new DomainError('WEAK_PASSWORD', refusal);
}
