import { overageChargeCents } from './overage';
import { overageFigureCents } from './pricing';

// Offline activation by request file (docs/decisions/040): the portal's sentences, the release code's
// spelling, and what a month already billed owes for usage reported late from an offline site.

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export const OfflineActivationMessages = {
  keyMismatch: 'This activation request names another license key: make it with this subscription’s key.',
  tampered:
    'This usage file was changed after the engine wrote it (its signature does not match), so nothing was counted.',
  unknownFile: 'This file names a license file this subscription never issued, so nothing was counted.',
  fingerprintMismatch:
    'This usage file comes from another machine than its license file was issued to, so nothing was counted.',
  releaseCodeWrong: 'No license file of this subscription that still holds a seat has this release code.',
  notJson: 'This is not an activation request: paste or upload the JSON file the engine wrote.',
  usageNotJson: 'This is not a usage file: upload the file the engine wrote with usage-file.',
  answered: (hostname: string) => `A license file for ${hostname} was signed and downloaded.`,
  released: (hostname: string) => `The seat of ${hostname} was freed.`,
  usageCounted: (accepted: number, duplicates: number) =>
    `${plural(accepted, 'report')} counted, ${plural(duplicates, 'repeat')} already counted.`,
} as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: the release code's alphabet, unambiguous to read aloud. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The code as printed: groups of four, so a person can read it over the phone. */
export const formatReleaseCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? '';

/** The code as typed: dashes, spaces and case do not matter. */
export const normalizeReleaseCode = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

/** A usage month as a bill's line names it: 'October 2026'. */
export const usageMonthName = (start: Date): string =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What late RTUs add to a month already billed (a monthly-reset plan): the month's overage figure
 * with them less the figure without them, each capped at Max Overages, so the month is never billed
 * past its cap and the same RTUs are never billed twice.
 */
export function lateOverageCents(input: {
  /** RTUs of the month counted before these (its reports, including earlier late ones). */
  countedRtus: number;
  lateRtus: number;
  baseRtus: number;
  overagePerRtuMicros: number;
  maxAdditionalMonthlyChargeCents: number;
}): number {
  const capped = (accrued: number) =>
    overageChargeCents({
      figureCents: overageFigureCents({
        accruedRtusThisMonth: accrued,
        billedRtusThisMonth: Math.max(0, input.baseRtus),
        annualUsageReset: false,
        baseRtus: input.baseRtus,
        overagePerRtuMicros: input.overagePerRtuMicros,
        overageChargesPaidThisMonthCents: 0,
      }),
      maxAdditionalMonthlyChargeCents: input.maxAdditionalMonthlyChargeCents,
      overageChargesPaidThisMonthCents: 0,
    }).amountCents;
  return Math.max(0, capped(input.countedRtus + input.lateRtus) - capped(input.countedRtus));
}

/** The line of a late month on the next overage bill, naming the month. */
export const lateOverageLine = (description: string, monthStart: Date, rtus: number): string =>
  `${description}: overage of ${usageMonthName(monthStart)} reported late from an offline site, ${plural(rtus, 'RTU')}`;
