import { moneyField } from '@store/core';
import { z } from 'zod';
import type { OpsPlan, OpsPlanBody } from './contract';

// Every pricing-plan field of SPEC.md §3, as the catalogue screen edits it (money in dollars, as on
// the wire), and what a save means for the plan's existing subscribers.

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`);

export const PlanFormSchema = z.object({
  planName: z
    .string()
    .trim()
    .min(1, 'Plan name is required')
    .max(100, 'Plan name must be at most 100 characters'),
  product: z.number().int().min(1),
  description: z.string().max(2000, 'Description must be at most 2000 characters'),
  monthlyFee: moneyField('Monthly fee'),
  baseRtus: count('Base RTUs'),
  overagePerRtu: moneyField('Overage per RTU'),
  numAutoTags: count('Designers'),
  allowXtraAutoTag: z.boolean(),
  xtraAutoTagPerMonth: moneyField('Extra-designer fee'),
  numberCores: count('Cores'),
  numberThreads: count('Threads'),
  maxReportsDay: count('Reports per day'),
  isChargePerReport: z.boolean(),
  isBatchMode: z.boolean(),
  numRtusPerReport: count('RTUs per report'),
  numPagesInBaseReportCharge: count('Pages in the base report charge'),
  numPagesPerRtu: count('Pages per RTU'),
  isAvailable: z.boolean(),
});
export type PlanFormValues = z.infer<typeof PlanFormSchema>;

const FIELDS = Object.keys(PlanFormSchema.shape) as (keyof PlanFormValues)[];

/** A new plan of a product starts unavailable-safe: available, nothing included, nothing charged. */
export function planFormValues(plan: OpsPlan | null, product: number): PlanFormValues {
  if (plan) return Object.fromEntries(FIELDS.map((f) => [f, plan[f]])) as PlanFormValues;
  return {
    planName: '',
    product,
    description: '',
    monthlyFee: 0,
    baseRtus: 0,
    overagePerRtu: 0,
    numAutoTags: 0,
    allowXtraAutoTag: false,
    xtraAutoTagPerMonth: 0,
    numberCores: 0,
    numberThreads: 0,
    maxReportsDay: 0,
    isChargePerReport: false,
    isBatchMode: false,
    numRtusPerReport: 0,
    numPagesInBaseReportCharge: 0,
    numPagesPerRtu: 0,
    isAvailable: true,
  };
}

export const planBody = (values: PlanFormValues): OpsPlanBody => values;

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

/** Making a plan unavailable takes it off sale only (SPEC.md §3: the subscribers keep it). */
export const becomesUnavailable = (before: PlanFormValues, after: PlanFormValues): boolean =>
  before.isAvailable && !after.isAvailable;

export const UNAVAILABLE_NOTE =
  "New customers can no longer buy this plan. Its subscribers keep it; their subscription editor shows it as '(Grandfathered)'.";
