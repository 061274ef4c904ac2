import type { KeyObject } from 'node:crypto';
import { createHash, sign } from 'node:crypto';
import type { Entitlements } from '@store/core';

// Keygen's license-file shape (docs/design.md §5): a PEM-like armour around base64(JSON {enc, sig, alg}),
// `enc` the base64 of the JSON payload, `sig` an Ed25519 signature over "license/" + enc.

export const LICENSE_FILE_BEGIN = '-----BEGIN LICENSE FILE-----';
export const LICENSE_FILE_END = '-----END LICENSE FILE-----';
export const LICENSE_FILE_ALG = 'base64+ed25519';
export const SIGNING_PREFIX = 'license/';
/**
 * The payload's version: 2 added `version` and `entitlements` (docs/decisions/039). A file without a
 * version is a version 1 file, issued before plans had entitlements: it licenses none.
 */
export const LICENSE_FILE_VERSION = 2;

export interface LicensePayload {
  /** LICENSE_FILE_VERSION when issued; absent in files issued before versions (version 1). */
  version?: number;
  /** Which signing key verifies the file: keyIdOf its public key. Files issued before key ids have none. */
  keyId?: string;
  licenseId: number;
  subscriptionId: number;
  description: string;
  product: number;
  productName: string;
  plan: string;
  engineHosts: string[];
  designerHosts: string[];
  issued: string;
  /** End of the paid period + 14 days; null for a perpetual license (it does not expire). */
  expiry: string | null;
  /** The plan's entitlements when the file was issued (absent in version 1 files: none). */
  entitlements?: Entitlements;
  /** A borrow file (docs/decisions/034): the borrowed lease and the machine that holds it offline. */
  leaseId?: string;
  fingerprint?: string;
  /**
   * A file answering an activation request (docs/decisions/040): its id, bound to `fingerprint`, and
   * the per-file key that signs its usage files and makes its release code.
   */
  fileId?: string;
  usageKey?: string;
}

/**
 * A key's id: the first 16 hex digits of the SHA-256 of its public key's DER (SubjectPublicKeyInfo),
 * which any platform computes from the published PEM (docs/licensing.md).
 */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

/** Lines of 64 characters, as PEM armour has them. */
function wrap(text: string): string {
  return text.match(/.{1,64}/g)?.join('\n') ?? '';
}

/** What the store signs now: every new file states its version and the entitlements it carries. */
export type IssuedLicensePayload = LicensePayload &
  Required<Pick<LicensePayload, 'version' | 'entitlements'>>;

export const signLicenseFile = (payload: IssuedLicensePayload, privateKey: KeyObject): string =>
  signPayload(payload, privateKey);

/** Any payload, a version 1 file's too: the test vectors keep one so verifiers stay able to read them. */
export function signPayload(payload: LicensePayload, privateKey: KeyObject): string {
  const enc = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
  const sig = sign(null, Buffer.from(`${SIGNING_PREFIX}${enc}`, 'utf8'), privateKey).toString('base64');
  const body = Buffer.from(JSON.stringify({ enc, sig, alg: LICENSE_FILE_ALG }), 'utf8').toString('base64');
  return `${LICENSE_FILE_BEGIN}\n${wrap(body)}\n${LICENSE_FILE_END}\n`;
}
