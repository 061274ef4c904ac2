import { BillStatus, type PaymentResult, prorationAttemptKey, purchaseAttemptKey } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { OrderRow } from '../../db/schema';
import { DomainError, notFound } from '../../lib/domain-error';
import type { BillsService } from '../bills';
import { findBill, openBills, settledAfterAuthentication } from '../bills';
import type { OfflineLicenseService } from '../licensing';
import type { PurchaseService } from '../store';
import type { SubscriptionPeriodsService } from '../subscriptions';

type Deps = Pick<AppDeps, 'db' | 'gateway'> & {
  bills: Pick<BillsService, 'payBill' | 'confirmBillPayment'>;
  store: Pick<PurchaseService, 'settlePurchase'>;
  subscriptions: Pick<SubscriptionPeriodsService, 'settleProration'>;
  licensing: Pick<OfflineLicenseService, 'reissueForPaidRenewals'>;
};

export const BILL_NOT_FOUND = 'There is no such bill in your organization.';

/**
 * Payments made with the customer present, and their 3-D Secure (docs/decisions/024): the Pay Bills
 * page's open bills and Pay, and the browser's word that a bank's challenge has ended — for a
 * checkout, an editor change or a bill — after which the gateway, never the browser, says what
 * became of the charge and it is settled as any charge is.
 */
export function createPaymentsService(deps: Deps) {
  // docs/design.md §5: each paid renewal issues a new offline license file.
  const onPaid = (orderIds: number[], now: Date) =>
    deps.licensing.reissueForPaidRenewals(deps.db, orderIds, now);

  const paymentOf = (order: OrderRow): PaymentResult => {
    if (order.status === BillStatus.UnPaid) {
      throw new DomainError('CARD_DECLINED', order.failureMessage ?? 'Your card was declined.');
    }
    return {
      orderId: order.id,
      status: order.status,
      paid: order.status === BillStatus.ChargePaid,
      totalCents: order.totalCents,
    };
  };

  /** docs/design.md §4: another organization's bill is not found. */
  const ownBill = async (organizationId: number, orderId: number): Promise<OrderRow> => {
    const order = await findBill(deps.db, orderId);
    if (!order || order.organizationId !== organizationId) throw notFound(BILL_NOT_FOUND);
    return order;
  };

  return {
    openBills: (organizationId: number) => openBills(deps.db, organizationId),

    async pay(organizationId: number, orderId: number): Promise<PaymentResult> {
      await ownBill(organizationId, orderId);
      return deps.bills.payBill(organizationId, orderId, onPaid);
    },

    async authenticated(organizationId: number, orderId: number): Promise<PaymentResult> {
      const order = await ownBill(organizationId, orderId);
      if (order.kind === 'renewal' || order.kind === 'overage') {
        return deps.bills.confirmBillPayment(organizationId, orderId, onPaid);
      }
      if (order.status !== BillStatus.ChargePending) return paymentOf(order);
      const key = order.kind === 'purchase' ? purchaseAttemptKey(order.id) : prorationAttemptKey(order.id);
      const found = await settledAfterAuthentication(deps, key);
      // No answer yet (the gateway is unreachable or still processing): the settle job finishes it.
      if (!found) return paymentOf(order);
      const settled =
        order.kind === 'purchase'
          ? await deps.store.settlePurchase(order, found.outcome, found.attemptStatus)
          : await deps.subscriptions.settleProration(order.id, key, found.outcome, found.attemptStatus);
      return paymentOf(settled ?? order);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
