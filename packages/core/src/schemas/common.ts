import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, Messages, MIN_PASSWORD_LENGTH } from '../messages';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const TEXT_MAX = 200;
export const MAX_MONEY = 1_000_000;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Trimmed, non-empty, bounded; one message for missing, null and blank, as the forms show it. */
export const requiredText = (requiredMessage: string, label: string, max = NAME_MAX) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, tooLong(label, max));

export const optionalText = (label: string, max = NAME_MAX) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .optional();

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 'Email', EMAIL_MAX).pipe(z.email(invalidMessage));

export const passwordField = (
  requiredMessage: string,
  minMessage: string = Messages.passwordMinLength(MIN_PASSWORD_LENGTH),
) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(MIN_PASSWORD_LENGTH, minMessage)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const intField = (label: string, min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const idField = (label: string) => intField(label, 1);

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A dollar amount as typed by a person: finite, non-negative, whole cents. */
export const moneyField = (label: string, requiredMessage = `${label} must be a number`, max = MAX_MONEY) =>
  z
    .number({ error: requiredMessage })
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max}`)
    .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`);

/** Discounts on the wire are fractions: 0.1 = 10 %. */
export const fractionField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(1, `${label} must be at most 1`);

export const isoDate = z.string();
export const nullableIsoDate = z.string().nullable();
