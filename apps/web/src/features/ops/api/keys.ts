/** Query keys of the operator console: a mutation invalidates the part of the console it changed. */
export const opsKeys = {
  all: ['ops'] as const,
  organizations: ['ops', 'organizations'] as const,
  organization: (organizationId: number) => ['ops', 'organizations', 'one', organizationId] as const,
  catalog: ['ops', 'catalog'] as const,
  planImpact: (planId: number) => ['ops', 'plan-impact', planId] as const,
  bills: ['ops', 'bills'] as const,
  bill: (orderId: number) => ['ops', 'bills', 'one', orderId] as const,
  billingRuns: ['ops', 'billing-runs'] as const,
  dashboard: ['ops', 'dashboard'] as const,
  disputes: ['ops', 'disputes'] as const,
  cancellations: ['ops', 'cancellations'] as const,
  audit: ['ops', 'audit'] as const,
  reconcile: ['ops', 'reconcile'] as const,
  dunning: ['ops', 'dunning'] as const,
  promotions: ['ops', 'promotions'] as const,
};
