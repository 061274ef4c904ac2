import { SamlStatusError } from '@node-saml/node-saml';
import type { SsoRefusal } from '@store/core';
import { DOMParser } from '@xmldom/xmldom';

/** A SAML answer's size limit: an assertion is a few kilobytes; anything far larger is refused unread. */
export const SAML_RESPONSE_MAX_CHARS = 400_000;
/** How far the provider's clock may be from the store's (SAML core §4.1.4.2 leaves it to the SP). */
export const CLOCK_SKEW_MS = 60_000;

/** What the store reads of an answer before it is checked: only to find its attempt and to name a refusal. */
export interface UncheckedAnswer {
  inResponseTo: string;
  /** Whether it carries any XML signature at all (unsigned and wrongly signed are told apart). */
  hasSignature: boolean;
}

export function readAnswer(samlResponse: string): UncheckedAnswer | null {
  if (!samlResponse || samlResponse.length > SAML_RESPONSE_MAX_CHARS) return null;
  try {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const doc = new DOMParser({
      errorHandler: { warning: () => {}, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml');
    const root = doc.documentElement;
    if (root?.localName !== 'Response') return null;
    return {
      inResponseTo: root.getAttribute('InResponseTo') ?? '',
      hasSignature: doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature').length > 0,
    };
  } catch {
    return null;
  }
}

const fail = (message: string) => {
  throw new Error(message);
};

/**
 * Which refusal an error of node-saml's validation stands for. The library throws plain Errors, so
 * the message is what tells them apart (its tests pin these texts); anything unknown is the
 * provider's refusal, never a 500.
 */
export function samlRefusal(error: unknown, answer: UncheckedAnswer): SsoRefusal {
  if (error instanceof SamlStatusError) return 'provider-refused';
  const message = error instanceof Error ? error.message : '';
  if (/signature/i.test(message)) return answer.hasSignature ? 'bad-signature' : 'unsigned';
  if (/audience/i.test(message)) return 'wrong-audience';
  if (/InResponseTo/i.test(message)) return 'state-mismatch';
  return 'provider-refused';
}

/**
 * The assertion's window, read with the store's clock: its Conditions' NotBefore/NotOnOrAfter and
 * the bearer confirmation's NotOnOrAfter, each with CLOCK_SKEW_MS of leeway. `until` is how long its
 * id is remembered against a replay.
 */
export function assertionWindowRefusal(
  assertion: SignedAssertion | undefined,
  now: Date,
): { refusal: SsoRefusal | null; until: Date } {
  const conditions = assertion?.Assertion?.Conditions?.[0]?.$;
  const confirmations =
    assertion?.Assertion?.Subject?.[0]?.SubjectConfirmation?.map((c) => c.SubjectConfirmationData?.[0]?.$) ??
    [];
  const ends = [conditions?.NotOnOrAfter, ...confirmations.map((c) => c?.NotOnOrAfter)]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => Date.parse(v));
  const notBefore = conditions?.NotBefore ? Date.parse(conditions.NotBefore) : null;
  const at = now.getTime();
  // An assertion that names no end is refused: it could be replayed forever.
  if (ends.length === 0 || ends.some(Number.isNaN) || (notBefore !== null && Number.isNaN(notBefore)))
    return { refusal: 'expired', until: now };
  const end = Math.min(...ends);
  const until = new Date(end + CLOCK_SKEW_MS);
  if (at - CLOCK_SKEW_MS >= end) return { refusal: 'expired', until };
  if (notBefore !== null && at + CLOCK_SKEW_MS < notBefore) return { refusal: 'expired', until };
  return { refusal: null, until };
}

/** The signed assertion as node-saml's xml2js reading gives it. */
export type SignedAssertion = {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: Array<{ $?: { NotBefore?: string; NotOnOrAfter?: string } }>;
    Subject?: Array<{
      SubjectConfirmation?: Array<{ SubjectConfirmationData?: Array<{ $?: { NotOnOrAfter?: string } }> }>;
    }>;
  };
};
