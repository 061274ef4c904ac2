import { EntitlementListSchema, type OpsPlan, OpsPlanBodySchema } from '@store/core';
import type { z } from 'zod/mini';

// Every pricing-plan field of docs/spec.md §3 as the catalogue screen edits it: core's plan body (money in
// dollars, as on the wire), and what a save means for the plan's existing subscribers.

export const PlanFormSchema = OpsPlanBodySchema;
export type PlanFormValues = Required<z.input<typeof PlanFormSchema>>;

const FIELDS = Object.keys(PlanFormSchema.shape) as (keyof PlanFormValues)[];

/** A plan's values, or a new plan of the product: available, nothing included, nothing charged. */
export function planFormValues(plan: OpsPlan | null, product: number): PlanFormValues {
  if (plan) return Object.fromEntries(FIELDS.map((f) => [f, plan[f]])) as PlanFormValues;
  return {
    product,
    planName: '',
    description: '',
    monthlyFee: 0,
    isAvailable: true,
    isChargePerReport: false,
    isBatchMode: false,
    baseRtus: 0,
    overagePerRtu: 0,
    numRtusPerReport: 1,
    numPagesInBaseReportCharge: 1,
    numPagesPerRtu: 1,
    numAutoTags: 0,
    xtraAutoTagPerMonth: 0,
    allowXtraAutoTag: false,
    numberCores: 0,
    numberThreads: 0,
    maxReportsDay: 0,
    sortOrder: 0,
    heartbeatWindowDays: null,
    seatModel: 'node-locked',
    leaseMinutes: null,
    borrowDays: 0,
    entitlements: [],
    trialDays: null,
  };
}

/** The fields a subscriber pays by: changing one reaches existing subscriptions at their renewal. */
const PRICE_FIELDS = [
  'monthlyFee',
  'overagePerRtu',
  'xtraAutoTagPerMonth',
  'baseRtus',
  'numAutoTags',
] as const;

export function priceChanged(before: PlanFormValues, after: PlanFormValues): boolean {
  return PRICE_FIELDS.some((f) => before[f] !== after[f]);
}

export const priceChangeImpact = (subscribers: number): string =>
  `This change applies to new purchases now and to ${subscribers} existing ${
    subscribers === 1 ? 'subscription' : 'subscriptions'
  } at their next renewal.`;

/** Making a plan unavailable takes it off sale only (docs/spec.md §3: the subscribers keep it). */
export const becomesUnavailable = (before: PlanFormValues, after: PlanFormValues): boolean =>
  before.isAvailable && !after.isAvailable;

export const UNAVAILABLE_NOTE =
  "New customers can no longer buy this plan. Its subscribers keep it; their subscription editor shows it as '(Grandfathered)'.";

/**
 * What is wrong with the entitlements as they stand, shown as soon as a chip is added (adding one is a
 * deliberate act, unlike typing in a field): the first problem core's grammar finds, or null.
 */
export const entitlementsProblem = (list: string[]): string | null =>
  EntitlementListSchema.safeParse(list).error?.issues[0]?.message ?? null;
