import { createPublicKey, verify } from 'node:crypto';
import {
  LICENSE_FILE_ALG,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  type LicensePayload,
  SIGNING_PREFIX,
} from './license-file';

export class LicenseFileError extends Error {}

/**
 * What an engine does offline: checks the armour, the algorithm and the Ed25519 signature with the
 * published public key (GET /api/licensing/public-key), then returns the payload. It does not judge
 * expiry or hosts; the caller compares those with its clock and its own host name.
 */
export function verifyLicenseFile(text: string, publicKeyPem: string): LicensePayload {
  const trimmed = text.trim();
  if (!trimmed.startsWith(LICENSE_FILE_BEGIN) || !trimmed.endsWith(LICENSE_FILE_END)) {
    throw new LicenseFileError('Not a license file');
  }
  const body = trimmed
    .slice(LICENSE_FILE_BEGIN.length, trimmed.length - LICENSE_FILE_END.length)
    .replace(/\s+/g, '');
  let cert: { enc?: unknown; sig?: unknown; alg?: unknown };
  try {
    cert = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
  } catch {
    throw new LicenseFileError('The license file is corrupt');
  }
  if (cert.alg !== LICENSE_FILE_ALG) throw new LicenseFileError(`Unsupported algorithm: ${String(cert.alg)}`);
  if (typeof cert.enc !== 'string' || typeof cert.sig !== 'string') {
    throw new LicenseFileError('The license file is corrupt');
  }
  const ok = verify(
    null,
    Buffer.from(`${SIGNING_PREFIX}${cert.enc}`, 'utf8'),
    createPublicKey(publicKeyPem),
    Buffer.from(cert.sig, 'base64'),
  );
  if (!ok) throw new LicenseFileError('The license file signature is not valid');
  try {
    return JSON.parse(Buffer.from(cert.enc, 'base64').toString('utf8')) as LicensePayload;
  } catch {
    throw new LicenseFileError('The license file is corrupt');
  }
}
