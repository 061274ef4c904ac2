import { describe, expect, it } from 'vitest';
import { noUsage } from '../test/support/samples';
import { quoteSubscriptionChange } from './subscription-change';

const terms = { pricingPlanId: 1, numberMachines: 0, xtraAutoTags: 0 };
const base = {
  current: { ...terms, cycleCents: 10_000 },
  wanted: { ...terms, cycleCents: 10_000 },
  periodStart: new Date('2026-11-01T00:00:00Z'),
  periodEnd: new Date('2026-12-01T00:00:00Z'),
  now: new Date('2026-11-16T00:00:00Z'),
  overage: noUsage,
};

describe('quoteSubscriptionChange', () => {
  it('same terms change nothing', () => {
    expect(quoteSubscriptionChange(base)).toMatchObject({ applies: 'unchanged', prorationCents: 0 });
  });

  it('a higher fee applies now, prorated for the rest of the paid period', () => {
    const quote = quoteSubscriptionChange({
      ...base,
      wanted: { ...terms, xtraAutoTags: 1, cycleCents: 13_000 },
    });
    expect(quote).toMatchObject({ applies: 'now', prorationCents: 1_500, chargeNow: true });
  });

  it('a lower fee waits for the renewal', () => {
    const quote = quoteSubscriptionChange({
      ...base,
      wanted: { ...terms, pricingPlanId: 2, cycleCents: 5_000 },
    });
    expect(quote).toMatchObject({ applies: 'atRenewal', prorationCents: 0, chargeNow: false });
  });

  it('a proration under the gateway minimum is applied without a charge', () => {
    const quote = quoteSubscriptionChange({
      ...base,
      wanted: { ...terms, xtraAutoTags: 1, cycleCents: 10_060 },
    });
    expect(quote).toMatchObject({ applies: 'now', prorationCents: 30, chargeNow: false });
  });

  it('Max Overages may not go below what this month already owes', () => {
    const quote = quoteSubscriptionChange({
      ...base,
      overage: { ...noUsage, accruedRtusThisMonth: 1_000, overagePerRtuMicros: 80_000 },
    });
    expect(quote.minimumMaxOverageCents).toBe(8_000);
  });
});
