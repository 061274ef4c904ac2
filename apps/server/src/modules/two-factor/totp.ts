import { randomInt } from 'node:crypto';
import { formatRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT } from '@store/core';
import { generateSecret, generateURI, verify } from 'otplib';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Licensed Software Store';
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/**
 * The time step a code belongs to, when it is right within ±1 step (RFC 6238 §5.2's allowance for
 * clocks and typing) and later than `afterStep`; else null. Authenticator apps keep real time, so the
 * check does too, never the demo clock.
 */
export async function matchingStep(secret: string, code: string, afterStep: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(Date.now() / 1000),
    epochTolerance: PERIOD_SECONDS,
  });
  if (!result.valid || !('timeStep' in result) || result.timeStep <= afterStep) return null;
  return result.timeStep;
}

/** Ten single-use recovery codes, shown once as XXXXX-XXXXX (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return formatRecoveryCode(code);
  });
}
