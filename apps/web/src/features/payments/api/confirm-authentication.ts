import { PaymentResultSchema } from '@store/core';
import { post } from '../../../lib/http';

/**
 * POST /api/order/{orderId}/authenticated: the bank's challenge has ended (completed, failed or
 * closed); the server asks the gateway what became of the charge and settles the bill. A charge
 * refused or left unauthenticated answers 402 with the reason.
 */
export const confirmAuthentication = (orderId: number) =>
  post(`/api/order/${orderId}/authenticated`, {}, { schema: PaymentResultSchema });
