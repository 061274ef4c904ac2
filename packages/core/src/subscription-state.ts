import { formatMediumDate } from './dates';
import { Messages } from './messages';

type CancelState = { isActive: boolean; deactivateDate: string | Date | null | undefined };

/** docs/spec.md §4: cancelled if not active or if it has a deactivate date. */
export const isCancelled = (sub: CancelState): boolean =>
  !sub.isActive ||
  (sub.deactivateDate !== null && sub.deactivateDate !== undefined && sub.deactivateDate !== '');

export const subscriptionStatusText = (sub: CancelState): string => {
  if (!isCancelled(sub)) return 'Active';
  return sub.deactivateDate ? `Cancelled ${formatMediumDate(sub.deactivateDate)}` : 'Cancelled';
};

export type EditableSubscriptionFields = {
  description: string;
  pricingPlanId: number;
  maxAdditionalMonthlyCharge: number | null;
  xtraAutoTags: number;
  numberMachines: number;
};

export const isSubscriptionModified = (
  saved: EditableSubscriptionFields,
  edited: EditableSubscriptionFields,
): boolean =>
  saved.description !== edited.description ||
  saved.pricingPlanId !== edited.pricingPlanId ||
  saved.maxAdditionalMonthlyCharge !== edited.maxAdditionalMonthlyCharge ||
  saved.xtraAutoTags !== edited.xtraAutoTags ||
  saved.numberMachines !== edited.numberMachines;

/** Designer host fields of the offline form: the plan's included designers plus the extra ones. */
export const designerHostCount = (plan: { numAutoTags: number }, xtraAutoTags: number): number =>
  plan.numAutoTags + xtraAutoTags;

export const grandfatheredLabel = (planName: string): string => `${planName} ${Messages.grandfatheredSuffix}`;
