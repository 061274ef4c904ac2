import type { KeyObject } from 'node:crypto';
import { sign } from 'node:crypto';

// Keygen's license-file shape (DESIGN.md §5): a PEM-like armour around base64(JSON {enc, sig, alg,
// kid}), `enc` the base64 of the JSON payload, `sig` an Ed25519 signature over "license/" + enc and
// `kid` the id of the signing key, so an engine picks the right published key after a rotation.

export const LICENSE_FILE_BEGIN = '-----BEGIN LICENSE FILE-----';
export const LICENSE_FILE_END = '-----END LICENSE FILE-----';
export const LICENSE_FILE_ALG = 'base64+ed25519';
export const SIGNING_PREFIX = 'license/';

export interface LicensePayload {
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
}

/** Lines of 64 characters, as PEM armour has them. */
function wrap(text: string): string {
  return text.match(/.{1,64}/g)?.join('\n') ?? '';
}

export function signLicenseFile(
  payload: LicensePayload,
  key: { privateKey: KeyObject; keyId: string },
): string {
  const enc = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
  const sig = sign(null, Buffer.from(`${SIGNING_PREFIX}${enc}`, 'utf8'), key.privateKey).toString('base64');
  const cert = { enc, sig, alg: LICENSE_FILE_ALG, kid: key.keyId };
  const body = Buffer.from(JSON.stringify(cert), 'utf8').toString('base64');
  return `${LICENSE_FILE_BEGIN}\n${wrap(body)}\n${LICENSE_FILE_END}\n`;
}
