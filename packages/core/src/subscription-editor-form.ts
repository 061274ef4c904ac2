import { z } from 'zod/mini';
import { toCurrencyOrNull, toIntegerOrZero } from './input-rounding';
import { Messages } from './messages';
import { formatUsd, toCents } from './money';
import { MAX_MONEY, requiredText } from './schemas/common';
import { MAX_SEATS } from './schemas/purchase';
import { SubscriptionMessages } from './subscriptions';

/** The subscription editor's controls as typed (docs/spec.md §2 detail row): numbers may still be text. */
export type SubscriptionEditorControls = {
  description: string;
  pricingPlanId: number;
  maxAdditionalMonthlyCharge: number | string | null;
  xtraAutoTags: number | string;
  numberMachines: number | string;
};

/** The editor's values read as numbers: Max Overages rounded to cents like the purchase form. */
export const readSubscriptionEditor = (controls: SubscriptionEditorControls) => ({
  description: controls.description.trim(),
  pricingPlanId: controls.pricingPlanId,
  maxAdditionalMonthlyCharge: toCurrencyOrNull(controls.maxAdditionalMonthlyCharge),
  xtraAutoTags: toIntegerOrZero(controls.xtraAutoTags),
  numberMachines: toIntegerOrZero(controls.numberMachines),
});

/**
 * The editor's rules (docs/spec.md §5, docs/design.md §3): a name; Max Overages given, never below what this
 * month's usage already owes nor below 0 (a minus sign is a message, never the opposite sign); at
 * least one engine on a pro plan; designers never negative.
 */
export const subscriptionEditorSchema = (options: {
  minimumMaxOverageCents: number;
  /** Whether the plan chosen in the editor is a pro plan (licensed per engine). */
  pro: boolean;
}) =>
  z.object({
    description: requiredText(Messages.subscriptionNameRequired, 'Subscription name'),
    pricingPlanId: z.number().check(z.int()),
    maxAdditionalMonthlyCharge: z.pipe(
      z.transform(toCurrencyOrNull),
      z.number({ error: Messages.maxOveragesRequired }).check(
        z.gte(0, { error: 'Max overages must be at least 0', abort: true }),
        z.lte(MAX_MONEY, `Max overages must be at most ${MAX_MONEY}`),
        z.refine(
          (v) => toCents(v) >= options.minimumMaxOverageCents,
          SubscriptionMessages.maxOveragesBelowAccrued(formatUsd(options.minimumMaxOverageCents)),
        ),
      ),
    ),
    xtraAutoTags: z.pipe(
      z.transform(toIntegerOrZero),
      z
        .number()
        .check(
          z.gte(0, 'Additional designers must be at least 0'),
          z.lte(MAX_SEATS, `Additional designers must be at most ${MAX_SEATS}`),
        ),
    ),
    numberMachines: z.pipe(
      z.transform(toIntegerOrZero),
      z
        .number()
        .check(
          z.gte(options.pro ? 1 : 0, Messages.enginesMinimum),
          z.lte(MAX_SEATS, `Engines must be at most ${MAX_SEATS}`),
        ),
    ),
  });
