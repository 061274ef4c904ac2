/** What the editor's save sends back of a subscription, as GET /api/subscription/:id answers it. */
export type EditableSubscription = {
  subscriptionId: number;
  description: string;
  version: number;
  pricingPlanId: number;
  numberMachines: number;
  xtraAutoTags: number;
  maxAdditionalMonthlyCharge: number;
  nextBaseBillingDate: string | null;
};

/** The body of PUT /api/subscription/:id: the subscription's current terms with `patch` applied. */
export const editBody = (s: EditableSubscription, patch: Partial<EditableSubscription> = {}) => ({
  description: s.description,
  pricingPlanId: s.pricingPlanId,
  maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyCharge,
  xtraAutoTags: s.xtraAutoTags,
  numberMachines: s.numberMachines,
  version: s.version,
  ...patch,
});
