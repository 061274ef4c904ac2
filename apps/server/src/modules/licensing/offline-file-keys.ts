import { createHmac, timingSafeEqual } from 'node:crypto';
import { base32 } from '@store/core';

// The secrets of a license file signed for an activation request (docs/decisions/040). Each file
// carries its own usage key, which only the file's holder and the store know: the store derives it
// from its server key and the file id whenever it needs it, so it is never stored. The same key
// signs the engine's usage files and makes its release code, so both prove the installed file.

export const USAGE_FILE_ALG = 'base64+hmac-sha256';
const USAGE_PREFIX = 'usage/';

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The file's usage key (base64url, 32 bytes), as the store derives it: HMAC(server key, file id). */
export const usageKeyOf = (serverKey: Buffer, fileId: string): string =>
  hmac(serverKey, `offline-usage-key/${fileId}`).toString('base64url');

const keyBytes = (usageKey: string) => Buffer.from(usageKey, 'base64url');

/**
 * The release code an engine prints when it removes its file: 80 bits of HMAC(usage key,
 * fileId|fingerprint|release) in base32, 16 characters. Only the installed file's holder and the store
 * can make it, and it names that file on that machine and nothing else.
 */
export const releaseCodeOf = (usageKey: string, fileId: string, fingerprint: string): string =>
  base32(hmac(keyBytes(usageKey), `${fileId}|${fingerprint}|release`).subarray(0, 10));

/** The usage file's signature: HMAC-SHA256 of "usage/" + enc under the usage key, in base64. */
export const usageSignatureOf = (usageKey: string, enc: string): string =>
  hmac(keyBytes(usageKey), `${USAGE_PREFIX}${enc}`).toString('base64');

/** A usage file as the engine writes it: the payload's JSON in base64, signed with the usage key. */
export function signUsageFile(usageKey: string, payload: object): { enc: string; sig: string; alg: string } {
  const enc = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
  return { enc, sig: usageSignatureOf(usageKey, enc), alg: USAGE_FILE_ALG };
}

/** Whether the signature is the usage key's over enc, compared in constant time. */
export function usageSignatureHolds(usageKey: string, enc: string, sig: string): boolean {
  const expected = Buffer.from(usageSignatureOf(usageKey, enc), 'base64');
  const given = Buffer.from(sig, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether two release codes are the same, compared in constant time. */
export function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
