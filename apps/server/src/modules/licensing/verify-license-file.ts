import { createPublicKey, verify } from 'node:crypto';
import {
  LICENSE_FILE_ALG,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  type LicensePayload,
  SIGNING_PREFIX,
} from './license-file';

export class LicenseFileError extends Error {}

/** A published key: GET /api/licensing/public-key lists every key still valid, by id. */
export interface VerifyingKey {
  keyId: string;
  publicKey: string;
}

/**
 * What an engine does offline: checks the armour, the algorithm and the Ed25519 signature with the
 * published key the file names (GET /api/licensing/public-key), then returns the payload. Given the
 * engine's clock (`now`), a file past its expiry fails too (DESIGN.md §5: end of the paid period +
 * 14 days). Hosts are the caller's to compare with its own host name.
 */
export function verifyLicenseFile(text: string, keys: string | VerifyingKey[], now?: Date): LicensePayload {
  const payload = verifiedPayload(text, keys);
  if (now && payload.expiry !== null && now.getTime() > new Date(payload.expiry).getTime()) {
    throw new LicenseFileError('The license file has expired');
  }
  return payload;
}

function verifiedPayload(text: string, keys: string | VerifyingKey[]): LicensePayload {
  const trimmed = text.trim();
  if (!trimmed.startsWith(LICENSE_FILE_BEGIN) || !trimmed.endsWith(LICENSE_FILE_END)) {
    throw new LicenseFileError('Not a license file');
  }
  const body = trimmed
    .slice(LICENSE_FILE_BEGIN.length, trimmed.length - LICENSE_FILE_END.length)
    .replace(/\s+/g, '');
  let cert: { enc?: unknown; sig?: unknown; alg?: unknown; kid?: unknown };
  try {
    cert = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
  } catch {
    throw new LicenseFileError('The license file is corrupt');
  }
  if (cert.alg !== LICENSE_FILE_ALG) throw new LicenseFileError(`Unsupported algorithm: ${String(cert.alg)}`);
  if (typeof cert.enc !== 'string' || typeof cert.sig !== 'string') {
    throw new LicenseFileError('The license file is corrupt');
  }
  let publicKeyPem: string;
  if (typeof keys === 'string') {
    publicKeyPem = keys;
  } else {
    const named = keys.find((k) => k.keyId === cert.kid);
    if (!named)
      throw new LicenseFileError(`The license file names a key that is not published: ${String(cert.kid)}`);
    publicKeyPem = named.publicKey;
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
