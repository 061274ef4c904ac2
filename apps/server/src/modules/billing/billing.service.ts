import { formatLongDate, formatUsd } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { findInvoice, listBills, listOutstandingBills } from './bill-history.repository';
import type { BillingDeps, BillingEngine } from './billing-engine';

/** What people ask of billing: their bills, an invoice, and a retry of what they owe. */
export function createBillingService(
  deps: Pick<BillingDeps, 'db'> & { engine: Pick<BillingEngine, 'retryPastDueBills'> },
) {
  return {
    listBills: (organizationId: number) => listBills(deps.db, organizationId),
    findInvoice: (organizationId: number, orderId: number) => findInvoice(deps.db, organizationId, orderId),
    /** docs/design.md §3: new billing information retries the organization's past-due bills at once. */
    retryPastDueBills: (organizationId: number) => deps.engine.retryPastDueBills(organizationId),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;

/** The operator's list of bills still waiting for money, oldest due first, one line each. */
export async function describeOutstandingBills(db: DbOrTx): Promise<string[]> {
  return (await listOutstandingBills(db)).map(
    (b) =>
      `#${b.orderId}  ${b.companyName} (org ${b.organizationId})  ${b.kind}  ${formatUsd(b.totalCents)}  ${b.statusText}  due ${b.dueDate ? formatLongDate(b.dueDate) : '-'}${b.failureMessage ? `  (${b.failureMessage})` : ''}`,
  );
}
