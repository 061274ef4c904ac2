import { z } from 'zod/mini';

// Entitlements (docs/design.md §5a, docs/decisions/039): the named features a plan licenses, such as
// `ocr` or `max-pages-per-document=500`. The operator writes them as a list of these strings; engines
// read them as an object, `{ "ocr": true, "max-pages-per-document": 500 }`, in every licensing answer and
// inside every signed license file.

/** A name: lowercase letters, digits and hyphens, starting with a letter or digit, 1 to 40 characters. */
const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** An integer value: no sign, no leading zero, below a billion (every language's int holds it). */
const INTEGER = /^(0|[1-9][0-9]{0,8})$/;
/** A short token value: what a name allows, plus dots and underscores (`3.2`, `pdf_a-2b`). */
const TOKEN = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/** More than this many features on one plan is a mistake, not a plan; the file's size stays small. */
export const MAX_ENTITLEMENTS = 50;
/** A name, `=`, and a value of at most 40 characters. */
export const ENTITLEMENT_MAX_LENGTH = 81;

/**
 * What the reference engine (and any engine) reports when a job needs a feature the license lacks. The
 * store never answers it: it is the engine's own refusal, documented beside the store's codes.
 */
export const ENTITLEMENT_MISSING = 'ENTITLEMENT_MISSING';

export type EntitlementValue = true | number | string;
/** Engines' form: each name with `true` (a bare feature), a number or a token. */
export type Entitlements = Record<string, EntitlementValue>;

export const EntitlementMessages = {
  name: (text: string) =>
    `Entitlement "${text}": a name is 1 to 40 lowercase letters, digits and hyphens, starting with a letter or digit`,
  value: (text: string) =>
    `Entitlement "${text}": the value after = is a whole number below 1000000000 without leading zeros, or up to 40 lowercase letters, digits, dots, hyphens and underscores`,
  duplicate: (name: string) => `Entitlement ${name} is listed more than once`,
  tooMany: `A plan has at most ${MAX_ENTITLEMENTS} entitlements`,
  /** The engine's refusal of a job (ENTITLEMENT_MISSING), naming what the job needs. */
  missing: (need: string) => `This license does not include ${need}, which the job needs.`,
};

type Parsed = { name: string; value: EntitlementValue } | { error: string };

/** One entitlement as the operator wrote it: `name` or `name=value`, or why it is not one. */
export function parseEntitlement(text: string): Parsed {
  const at = text.indexOf('=');
  const name = at < 0 ? text : text.slice(0, at);
  if (!NAME.test(name)) return { error: EntitlementMessages.name(text) };
  if (at < 0) return { name, value: true };
  const raw = text.slice(at + 1);
  if (INTEGER.test(raw)) return { name, value: Number(raw) };
  // Digits alone that are not a canonical integer ("007") would read as a number to one engine and a
  // token to another: refused rather than guessed.
  if (/^[0-9]+$/.test(raw) || !TOKEN.test(raw)) return { error: EntitlementMessages.value(text) };
  return { name, value: raw };
}

const nameOf = (text: string) => text.split('=', 1)[0] ?? text;

/** The first name listed twice (with the same value or not), if any. */
export function duplicateEntitlement(list: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const text of list) {
    const name = nameOf(text);
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}

/** One entitlement of a plan, with the message that says what is wrong with a bad one. */
export const EntitlementSchema = z.string({ error: 'Each entitlement must be text' }).check(
  z.trim(),
  z.refine((text) => !('error' in parseEntitlement(text)), {
    error: (issue) => {
      const parsed = parseEntitlement(String(issue.input));
      return 'error' in parsed ? parsed.error : EntitlementMessages.name(String(issue.input));
    },
  }),
);

/** A plan's entitlements as the operator writes them: at most 50, each name once. */
export const EntitlementListSchema = z
  .array(EntitlementSchema, { error: 'Entitlements must be a list' })
  .check(
    z.maxLength(MAX_ENTITLEMENTS, EntitlementMessages.tooMany),
    z.refine((list) => duplicateEntitlement(list) === null, {
      error: (issue) => EntitlementMessages.duplicate(duplicateEntitlement(issue.input as string[]) ?? ''),
    }),
  );

/** The stored, published order: by name, so the same set always reads, diffs and signs the same. */
export const sortEntitlements = (list: readonly string[]): string[] =>
  [...list].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));

/** The engines' object from a plan's (valid) list, its keys in name order; an invalid entry is skipped. */
export function entitlementsObject(list: readonly string[]): Entitlements {
  const out: Entitlements = {};
  for (const text of sortEntitlements(list)) {
    const parsed = parseEntitlement(text);
    if (!('error' in parsed)) out[parsed.name] = parsed.value;
  }
  return out;
}

/**
 * Whether the license's entitlements satisfy one need of a job: `ocr` needs the feature present;
 * `max-pages-per-document=4` needs a number of at least 4 (a number is a limit); `edition=pro` needs
 * that very token.
 */
export function meetsNeed(entitlements: Entitlements, need: string): boolean {
  const parsed = parseEntitlement(need);
  if ('error' in parsed) return false;
  const have = entitlements[parsed.name];
  if (have === undefined) return false;
  if (parsed.value === true) return true;
  if (typeof parsed.value === 'number') return typeof have === 'number' && have >= parsed.value;
  return have === parsed.value;
}

/** The first need the entitlements do not meet, or null when the job may run. */
export const unmetNeed = (entitlements: Entitlements, needs: readonly string[]): string | null =>
  needs.find((need) => !meetsNeed(entitlements, need)) ?? null;

/** The engines' wire shape: each name to true, a number or a token. */
export const EntitlementsSchema = z
  .record(z.string(), z.union([z.literal(true), z.number(), z.string()]))
  .check(
    z.meta({
      description:
        'The features the license includes (docs/licensing.md, "Entitlements"): each name to true, a number (a limit) or a token.',
    }),
  );
