import {
  isPromotionCode,
  normalizePromotionCode,
  PromotionMessages,
  PurchaseHeadersSchema,
  PurchaseRequestSchema,
  PurchaseResultSchema,
  parseExpectedTotal,
  TrialedPlansSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/domain-error';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { PurchaseService } from './purchase.service';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Routes of purchase and checkout (docs/design.md §3). */
export const storeRoutes: FastifyPluginAsyncZod<{ purchases: PurchaseService }> = async (
  app,
  { purchases },
) => {
  app.post(
    '/api/subscription/new',
    {
      schema: {
        operationId: 'purchaseCart',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['store'],
        summary:
          'Buys the cart: re-prices every item, charges the first period of all items once, creates the subscriptions. ' +
          'Idempotency-Key makes a retry answer with the first result; X-Expected-Total (cents) refuses a changed total with 409; ' +
          'X-Promotion-Code redeems a promotion code with the order, or refuses with 409 PROMOTION_NOT_REDEEMED and the total without it. ' +
          "A plan's free trial, once per organization and plan, charges nothing now and needs no card; its first period is charged at the trial's end.",
        body: PurchaseRequestSchema,
        headers: PurchaseHeadersSchema,
        response: { 200: PurchaseResultSchema, ...errorResponses(402, 403, 409, 502) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' ? rawKey.trim() : null;
      if (key !== null && !KEY_PATTERN.test(key))
        throw badRequest('Idempotency-Key must be 1 to 255 visible characters.');
      const rawTotal = request.headers['x-expected-total'];
      const expectedTotalCents = parseExpectedTotal(typeof rawTotal === 'string' ? rawTotal : undefined);
      if (expectedTotalCents === undefined)
        throw badRequest('X-Expected-Total must be a whole number of cents.');
      const rawCode = request.headers['x-promotion-code'];
      const promotionCode =
        typeof rawCode === 'string' && rawCode.trim() !== '' ? normalizePromotionCode(rawCode) : null;
      if (promotionCode !== null && !isPromotionCode(promotionCode))
        throw badRequest(PromotionMessages.badCode);
      return purchases.purchase(auth.organization.id, request.body, {
        idempotencyKey: key || null,
        expectedTotalCents,
        promotionCode,
      });
    },
  );

  app.get(
    '/api/organization/trials',
    {
      schema: {
        operationId: 'listTrialedPlans',
        security: Access.signedIn,
        tags: ['store'],
        summary:
          'The plans whose free trial the organization has already started (one per plan): the cart prices them without a trial',
        response: { 200: TrialedPlansSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { pricingPlanIds: await purchases.trialedPlanIds(auth.organization.id) };
    },
  );
};
