import {
  formatLongDate,
  formatRatePerRtu,
  formatUsd,
  licenseId,
  type UsageAlertLevel,
  type UsageMeter,
  UsageMeterTexts,
} from '@store/core';
import type { MailMessage } from './mailer';
import { compose } from './templates';

// The usage meter's alerts (docs/design.md §5): 80 % and 100 % of the included RTUs, and the cap that
// stops usage. Each says where the organization stands and how an administrator raises the cap.

export type UsageAlertMailInput = {
  publicUrl: string;
  to: string;
  level: UsageAlertLevel;
  meter: UsageMeter;
  subscriptionId: number;
  subscriptionName: string;
  companyName: string;
  overagePerRtuMicros: number;
  /** The day the usage cycle ends (the counters reset), when the subscription has one. */
  cycleEnd: Date | null;
};

/** Where an administrator raises Max Overages: the subscription's editor. */
export const raiseCapLink = (publicUrl: string, subscriptionId: number) =>
  `${publicUrl}/Subscriptions/${subscriptionId}`;

const subjects: Record<UsageAlertLevel, (name: string) => string> = {
  'allowance-80': (name) => `${name}: 80 % of the included RTUs used`,
  'allowance-100': (name) => `${name}: all included RTUs used`,
  cap: (name) => `${name}: Max Overages reached, engines stopped`,
};

function situation(a: UsageAlertMailInput): string {
  const m = a.meter;
  const rate = formatRatePerRtu(a.overagePerRtuMicros);
  const cap = formatUsd(m.capCents);
  const resets = a.cycleEnd ? ` on ${formatLongDate(a.cycleEnd)}` : '';
  if (a.level === 'cap') {
    return `Its overage reached the Max Overages of ${cap} a month, so the license answers OVER_CAP and engines stop processing until the usage cycle resets${resets}.`;
  }
  if (!m.billsOverage) return `Its plan bills no overage; the usage cycle resets${resets}.`;
  const from = a.level === 'allowance-100' ? 'From now on each RTU' : 'Beyond the included RTUs, each RTU';
  return m.capCents === 0
    ? `${from} would be billed at ${rate}, but Max Overages is ${cap}: engines stop at the included RTUs until the usage cycle resets${resets}.`
    : `${from} is billed at ${rate}, up to the Max Overages of ${cap} a month; at that cap engines stop until the usage cycle resets${resets}.`;
}

export function usageAlertMail(a: UsageAlertMailInput): MailMessage {
  const link = raiseCapLink(a.publicUrl, a.subscriptionId);
  const used = UsageMeterTexts.usedOfIncluded(a.meter);
  const overage =
    a.meter.overRtus > 0
      ? ` Overage so far: ${a.meter.overRtus.toLocaleString('en-US')} RTUs, ${formatUsd(a.meter.overageCents)}.`
      : '';
  return compose(
    a.to,
    subjects[a.level](a.subscriptionName),
    [
      `${a.subscriptionName} (license ${licenseId(a.subscriptionId)}) of ${a.companyName} has used ${used}.${overage} ${situation(a)} To raise the cap, an administrator opens the subscription, changes Max Overages and saves:`,
      `You receive this because you are an administrator of ${a.companyName}. Each of these alerts is sent once per usage cycle.`,
    ],
    { url: link, label: 'Raise Max Overages' },
  );
}
