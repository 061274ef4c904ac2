import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, reset and verify links, license keys. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
