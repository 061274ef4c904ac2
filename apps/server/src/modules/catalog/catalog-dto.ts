import { fromCents, microsToDollars, type PricingPlan, type Product } from '@store/core';
import type { PlanRow, ProductRow } from './catalog.repository';

/** The wire plan of spec §3 (core's PricingPlanSchema): dollars, plus the product's route name. */
export function toPlanDto(plan: PlanRow, productName: string): PricingPlan {
  return {
    pricingPlanId: plan.id,
    product: plan.product,
    productName,
    planName: plan.planName,
    monthlyFee: fromCents(plan.monthlyFeeCents),
    isAvailable: plan.isAvailable,
    isChargePerReport: plan.isChargePerReport,
    isBatchMode: plan.isBatchMode,
    baseRtus: plan.baseRtus,
    overagePerRtu: microsToDollars(plan.overagePerRtuMicros),
    numRtusPerReport: plan.numRtusPerReport,
    numPagesInBaseReportCharge: plan.numPagesInBaseReportCharge,
    numPagesPerRtu: plan.numPagesPerRtu,
    numAutoTags: plan.numAutoTags,
    xtraAutoTagPerMonth: fromCents(plan.xtraAutoTagPerMonthCents),
    allowXtraAutoTag: plan.allowXtraAutoTag,
    numberCores: plan.numberCores,
    numberThreads: plan.numberThreads,
    maxReportsDay: plan.maxReportsDay,
    description: plan.description,
    entitlements: plan.entitlements,
    trialDays: plan.trialDays,
  };
}

export function toProductDto(p: ProductRow): Product {
  return {
    product: p.product,
    productName: p.name,
    title: p.title,
    description: p.description,
    isAvailable: p.isAvailable,
  };
}
