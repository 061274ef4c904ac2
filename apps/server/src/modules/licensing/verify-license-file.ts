import { createPublicKey, verify } from 'node:crypto';
import type { Entitlements } from '@store/core';
import {
  keyIdOf,
  LICENSE_FILE_ALG,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  type LicensePayload,
  SIGNING_PREFIX,
} from './license-file';

/** Why a file was refused: the same names as the test vectors' (docs/licensing/vectors). */
export type LicenseFileFailure =
  | 'malformed'
  | 'algorithm'
  | 'unknown-key'
  | 'signature'
  | 'expired'
  | 'wrong-host';

export class LicenseFileError extends Error {
  constructor(
    readonly reason: LicenseFileFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A published key: GET /api/licensing/public-key lists every key still valid, by id. */
export interface VerifyingKey {
  keyId: string;
  publicKey: string;
}

/**
 * What an engine does offline (docs/licensing.md): checks the armour, the algorithm, that the file
 * names the published key (GET /api/licensing/public-key), and the Ed25519 signature over
 * "license/" + enc, then returns the payload. Given the engine's clock (`now`), a file past its
 * expiry fails too (docs/design.md §5: end of the paid period + 14 days). The host is checked apart
 * (assertLicensedHost), with the engine's own host name.
 */
export function verifyLicenseFile(text: string, keys: string | VerifyingKey[], now?: Date): LicensePayload {
  const payload = verifiedPayload(text, keys);
  if (now && payload.expiry !== null && now.getTime() > new Date(payload.expiry).getTime()) {
    throw new LicenseFileError('expired', 'The license file has expired');
  }
  return payload;
}

/** The engine's host must be one the file names (host names compare without regard to case). */
export function assertLicensedHost(
  payload: LicensePayload,
  hostname: string,
  kind: 'engine' | 'designer' = 'engine',
): void {
  const hosts = kind === 'engine' ? payload.engineHosts : payload.designerHosts;
  if (!hosts.some((h) => h.toLowerCase() === hostname.toLowerCase())) {
    throw new LicenseFileError('wrong-host', `This license file does not license the ${kind} ${hostname}`);
  }
}

/** What a verified file licenses; a version 1 file (issued before entitlements) licenses none. */
export const fileEntitlements = (payload: LicensePayload): Entitlements => payload.entitlements ?? {};

const corrupt = () => new LicenseFileError('malformed', 'The license file is corrupt');

function decodeJson(base64: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw corrupt();
  }
}

/**
 * The published key the file names by its key id (a single PEM is taken as the only key). The key
 * id only picks the key; the signature is what is trusted.
 */
function keyFor(payload: LicensePayload, keys: string | VerifyingKey[]) {
  const candidates = typeof keys === 'string' ? [{ publicKey: keys }] : keys;
  for (const k of candidates) {
    const publicKey = createPublicKey(k.publicKey);
    if (payload.keyId === undefined || payload.keyId === keyIdOf(publicKey)) return publicKey;
  }
  throw new LicenseFileError(
    'unknown-key',
    `The license file names a key that is not published (key id ${String(payload.keyId)})`,
  );
}

function verifiedPayload(text: string, keys: string | VerifyingKey[]): LicensePayload {
  const trimmed = text.trim();
  if (!trimmed.startsWith(LICENSE_FILE_BEGIN) || !trimmed.endsWith(LICENSE_FILE_END)) {
    throw new LicenseFileError('malformed', 'Not a license file');
  }
  const body = trimmed
    .slice(LICENSE_FILE_BEGIN.length, trimmed.length - LICENSE_FILE_END.length)
    .replace(/\s+/g, '');
  const cert = decodeJson(body) as { enc?: unknown; sig?: unknown; alg?: unknown } | null;
  if (!cert || typeof cert !== 'object') throw corrupt();
  if (cert.alg !== LICENSE_FILE_ALG) {
    throw new LicenseFileError('algorithm', `Unsupported algorithm: ${String(cert.alg)}`);
  }
  if (typeof cert.enc !== 'string' || typeof cert.sig !== 'string') throw corrupt();
  const payload = decodeJson(cert.enc) as LicensePayload | null;
  if (!payload || typeof payload !== 'object') throw corrupt();
  const publicKey = keyFor(payload, keys);
  const ok = verify(
    null,
    Buffer.from(`${SIGNING_PREFIX}${cert.enc}`, 'utf8'),
    publicKey,
    Buffer.from(cert.sig, 'base64'),
  );
  if (!ok) throw new LicenseFileError('signature', 'The license file signature is not valid');
  return payload;
}
