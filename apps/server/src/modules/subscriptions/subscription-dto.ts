import {
  bpToFraction,
  fromCents,
  isInTrial,
  licenseId,
  promotionCyclesLeft,
  promotionTermsText,
  type SubscriptionDetail,
} from '@store/core';
import { toPlanDto } from '../catalog';
import type { SubscriptionRecord } from './subscriptions.repository';

// A subscription as the API answers it: what each caller of the subscriptions module hands out.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire shape of a subscription (spec §3 and core's SubscriptionDetailSchema). */
export function toSubscriptionDto(
  record: SubscriptionRecord,
  viewerOrganizationId: number,
): SubscriptionDetail {
  const s = record.subscription;
  // docs/design.md §5: a parent sees its sub-accounts' subscriptions without their secrets; the key and
  // the offline file would let it use up the sub-account's activations and run up its overage.
  const owned = s.organizationId === viewerOrganizationId;
  const hasPending =
    s.pendingPricingPlanId !== null || s.pendingXtraAutoTags !== null || s.pendingNumberMachines !== null;
  return {
    subscriptionId: s.id,
    description: s.description,
    pricingPlanId: s.pricingPlanId,
    organizationId: s.organizationId,
    maxAdditionalMonthlyCharge: fromCents(s.maxAdditionalMonthlyChargeCents),
    xtraAutoTags: s.xtraAutoTags,
    numberMachines: s.numberMachines,
    billingMode: s.billingMode,
    billingModeDiscount: bpToFraction(s.billingModeDiscountBp),
    isActive: s.isActive,
    deactivateDate: iso(s.deactivateDate),
    isPerpetualLicense: s.isPerpetualLicense,
    isOfflineEnabled: s.isOfflineEnabled,
    offlineLicenseKey: owned ? s.offlineLicenseKey : null,
    offlineAutoTagHosts: s.offlineAutoTagHosts,
    offlineEngineHosts: s.offlineEngineHosts,
    offlineVolume: s.offlineVolume,
    allowOffline: s.allowOffline,
    apiKey1: owned ? s.apiKey1 : '',
    nextBaseBillingDate: iso(s.nextBaseBillingDate),
    nextOverageBillingDate: iso(s.nextOverageBillingDate),
    annualUsageReset: s.annualUsageReset,
    accruedRtusThisMonth: s.accruedRtusThisMonth,
    billedRtusThisMonth: s.billedRtusThisMonth,
    overageChargesPaidThisMonth: fromCents(s.overageChargesPaidThisMonthCents),
    product: record.plan.product,
    productName: record.productName,
    planName: record.plan.planName,
    ...(!owned ? { ownerName: record.owner.companyName } : {}),
    version: s.version,
    licenseId: licenseId(s.id),
    plan: toPlanDto(record.plan, record.productName),
    currentPeriodStart: iso(s.currentPeriodStart),
    organizationDiscount: bpToFraction(record.owner.discountBp),
    pendingChange: hasPending
      ? {
          pricingPlanId: s.pendingPricingPlanId ?? s.pricingPlanId,
          planName: record.pendingPlanName ?? record.plan.planName,
          xtraAutoTags: s.pendingXtraAutoTags ?? s.xtraAutoTags,
          numberMachines: s.pendingNumberMachines ?? s.numberMachines,
          effectiveDate: iso(s.nextBaseBillingDate),
        }
      : null,
    promotion: promotionOf(record),
    ...(isInTrial(s) && { trialEndsAt: s.trialEndsAt!.toISOString() }),
  };
}

function promotionOf(record: SubscriptionRecord): SubscriptionDetail['promotion'] {
  const p = record.promotion;
  if (p.code === null) return null;
  const terms = { percentBp: p.percentBp, amountOffCents: p.amountOffCents, cycles: p.cycles };
  return {
    code: p.code,
    description: promotionTermsText(terms),
    percentBp: p.percentBp,
    amountOffCents: p.amountOffCents,
    cyclesLeft: promotionCyclesLeft(terms, record.subscription.promotionCyclesUsed),
  };
}
