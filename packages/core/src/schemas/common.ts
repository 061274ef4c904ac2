import { z } from 'zod/mini';
import { MAX_PASSWORD_LENGTH, Messages, MIN_PASSWORD_LENGTH } from '../messages';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MAX_MONEY = 1_000_000;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * At most `max` characters as JSON Schema counts them (code points: an emoji is one), stated as
 * `maxLength` in the API document. zod's own maxLength counts UTF-16 units, so 160 emoji would be
 * refused as 320 where the document promises 200 are fine.
 */
export const maxChars = (max: number, message: string) => [
  z.refine<string>((s) => codePointCount(s, max) <= max, message),
  z.meta({ maxLength: max }),
];
/** Code points in `s`, counted no further than one past `max` (a long text costs nothing extra). */
function codePointCount(s: string, max: number): number {
  if (s.length <= max) return s.length;
  let count = 0;
  for (const _ of s) if (++count > max) break;
  return count;
}
/** PostgreSQL text cannot hold NUL, and no person types one: refuse it as bad input, not a 500. */
const hasNoNul = (s: string) => !s.includes('\u0000');
const notAllowed = (label: string) => `${label} contains a character that is not allowed`;

/**
 * Issue params of a message that names its own subject (the spec's 'Invalid Argument: 7 is not a
 * valid billing period.'): the API answers it as it stands, without the "field: " prefix.
 */
export const STANDALONE_MESSAGE = { standalone: true } as const;

/** Ids are PostgreSQL integers; a larger number can name nothing. */
export const MAX_ID = 2_147_483_647;

/** Trimmed, non-empty, bounded; one message for missing, null and blank, as the forms show it. */
export const requiredText = (requiredMessage: string, label: string, max = NAME_MAX) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage, abort: true }),
      ...maxChars(max, tooLong(label, max)),
      z.refine(hasNoNul, notAllowed(label)),
    );

export const optionalText = (label: string, max = NAME_MAX) =>
  z.optional(
    z
      .string({ error: `${label} must be text` })
      .check(z.trim(), ...maxChars(max, tooLong(label, max)), z.refine(hasNoNul, notAllowed(label))),
  );

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  // The document states the format the second step checks (after trimming).
  z.pipe(
    requiredText(requiredMessage, 'Email', EMAIL_MAX).check(z.meta({ format: 'email' })),
    z.email(invalidMessage),
  );

export const passwordField = (
  requiredMessage: string,
  minMessage: string = Messages.passwordMinLength(MIN_PASSWORD_LENGTH),
) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.minLength(1, { error: requiredMessage, abort: true }),
      z.minLength(MIN_PASSWORD_LENGTH, minMessage),
      z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
      z.refine(hasNoNul, notAllowed('Password')),
    );

export const intField = (label: string, min: number, max: number = MAX_ID) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, `${label} must be at least ${min}`),
      z.lte(max, `${label} must be at most ${max}`),
    );

export const idField = (label: string) => intField(label, 1);

/**
 * How an id is written in a URL path: canonical decimal only, so one id has one spelling, and from
 * 1 to MAX_ID exactly, digit by digit (a pattern is all the API document can say of a path's text).
 */
export const ID_PATTERN =
  /^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$/;

/**
 * An id in a URL path ("/api/person/12"). Only canonical decimal digits: `01`, `+1`, ` 1`, `1.0`,
 * `0x1` and `1e0` would otherwise all read as 1 and act on a row nobody named.
 */
export const idParam = (label: string) =>
  z.pipe(
    z
      .string({ error: `${label} is required` })
      .check(z.regex(ID_PATTERN, `${label} must be a whole number from 1 to ${MAX_ID}, written in digits`)),
    z.transform(Number),
  );

/** The params schema of a route with one id: `idParams('orderId', 'Order id')`. */
export const idParams = <K extends string>(name: K, label: string) =>
  z.object({ [name]: idParam(label) } as { [P in K]: ReturnType<typeof idParam> });

/** A dollar amount as typed by a person: finite, non-negative, whole cents. */
export const moneyField = (label: string, requiredMessage = `${label} must be a number`, max = MAX_MONEY) =>
  z
    .number({ error: requiredMessage })
    .check(
      z.gte(0, `${label} must be at least 0`),
      z.lte(max, `${label} must be at most ${max}`),
      z.multipleOf(0.01, `${label} must have at most 2 decimals`),
    );

/** Discounts on the wire are fractions: 0.1 = 10 %. */
export const fractionField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.gte(0, `${label} must be at least 0`), z.lte(1, `${label} must be at most 1`));

/**
 * Where the first text holding a NUL character sits in a request part ('reports.0.hostname', '' for
 * the part itself), or null. PostgreSQL text cannot hold NUL and no person types one, so the API
 * refuses it in validation, for every text field at once (docs/design.md §4: bad input is a readable 400).
 */
export function findNulText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return key.replaceAll('\u0000', '');
    const inner = findNulText(item, depth + 1);
    if (inner !== null) return inner === '' ? key : `${key}.${inner}`;
  }
  return null;
}

export const nulNotAllowed = (path: string) =>
  `${path ? `${path}: ` : ''}This text contains a character that is not allowed (NUL).`;
