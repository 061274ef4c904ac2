import { GATEWAY_MINIMUM_CHARGE_CENTS } from './bill-rules';
import { type OverageInput, overageFigureCents, proratedChargeCents } from './pricing';

/** The terms an editor save may change that move the price (plan, engines, designers). */
export type SubscriptionTerms = { pricingPlanId: number; numberMachines: number; xtraAutoTags: number };

export type SubscriptionChangeInput = {
  current: SubscriptionTerms & { cycleCents: number };
  wanted: SubscriptionTerms & { cycleCents: number };
  /** The paid period now running; null for a subscription that never renews. */
  periodStart: Date | null;
  periodEnd: Date | null;
  now: Date;
  /** This month's usage, for the Max Overages minimum. */
  overage: OverageInput;
  /**
   * In its free trial (docs/decisions/043): nothing has been paid, so a higher fee applies at once
   * without a prorated charge; the trial's end charges the first period at the new terms.
   */
  inTrial?: boolean;
};

export type SubscriptionChangeQuote = {
  termsChanged: boolean;
  /**
   * 'now': a higher cycle fee applies at once with a prorated charge for the rest of the paid
   * period; 'atRenewal': a lower or equal fee waits for the next renewal; 'unchanged': same terms.
   */
  applies: 'now' | 'atRenewal' | 'unchanged';
  prorationCents: number;
  /**
   * Whether the proration is charged to the card now. An amount under the gateway's minimum is
   * applied without a charge (docs/design.md §3).
   */
  chargeNow: boolean;
  /** Max Overages may not be set below what this month's usage already owes. */
  minimumMaxOverageCents: number;
};

export const sameSubscriptionTerms = (a: SubscriptionTerms, b: SubscriptionTerms): boolean =>
  a.pricingPlanId === b.pricingPlanId &&
  a.numberMachines === b.numberMachines &&
  a.xtraAutoTags === b.xtraAutoTags;

/**
 * The editor's save, priced (docs/design.md §3): the subscription editor shows it before saving and the
 * server applies it, so both decide the same way.
 */
export const quoteSubscriptionChange = (input: SubscriptionChangeInput): SubscriptionChangeQuote => {
  const termsChanged = !sameSubscriptionTerms(input.current, input.wanted);
  const minimumMaxOverageCents = overageFigureCents(input.overage);
  const increase = termsChanged && input.wanted.cycleCents > input.current.cycleCents;
  if (!increase) {
    return {
      termsChanged,
      applies: termsChanged ? 'atRenewal' : 'unchanged',
      prorationCents: 0,
      chargeNow: false,
      minimumMaxOverageCents,
    };
  }
  const prorationCents =
    !input.inTrial && input.periodStart && input.periodEnd
      ? proratedChargeCents({
          oldCycleCents: input.current.cycleCents,
          newCycleCents: input.wanted.cycleCents,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          now: input.now,
        })
      : 0;
  return {
    termsChanged,
    applies: 'now',
    prorationCents,
    chargeNow: prorationCents >= GATEWAY_MINIMUM_CHARGE_CENTS,
    minimumMaxOverageCents,
  };
};
