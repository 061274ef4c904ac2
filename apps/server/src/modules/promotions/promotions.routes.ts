import {
  OpsPromotionBodySchema,
  OpsPromotionListSchema,
  OpsPromotionParamsSchema,
  OpsPromotionSchema,
  PromotionCheckRequestSchema,
  PromotionSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { PromotionService } from './promotions.service';

/** The cart's check of a code and the console's Promotion codes screen (docs/decisions/041). */
export const promotionsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionService }> = async (
  app,
  { promotions },
) => {
  app.post(
    '/api/promotions/check',
    {
      schema: {
        operationId: 'checkPromotionCode',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['store'],
        summary:
          "Whether a promotion code may be used by the caller's organization for the cart's plans now, and its terms; nothing is redeemed",
        body: PromotionCheckRequestSchema,
        response: { 200: PromotionSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return promotions.check(auth.organization.id, request.body.code, request.body.pricingPlanIds);
    },
  );

  app.get(
    '/api/ops/promotions',
    {
      schema: {
        operationId: 'opsListPromotionCodes',
        security: Access.operator,
        tags: ['operator'],
        summary: 'Every promotion code, newest first, with how often each was redeemed',
        response: { 200: OpsPromotionListSchema },
      },
    },
    async () => promotions.list(),
  );

  app.post(
    '/api/ops/promotions',
    {
      schema: {
        operationId: 'opsCreatePromotionCode',
        security: Access.operatorMutation,
        tags: ['operator'],
        summary:
          'Make a promotion code: percent or amount off, for how many cycles, which plans, until when, how often',
        body: OpsPromotionBodySchema,
        response: { 200: OpsPromotionSchema, ...errorResponses(409) },
      },
    },
    async (request) => promotions.create(request.body),
  );

  app.post(
    '/api/ops/promotions/:promotionCodeId/deactivate',
    {
      schema: {
        operationId: 'opsDeactivatePromotionCode',
        security: Access.operatorMutation,
        tags: ['operator'],
        summary:
          'Stop a promotion code: refused from now on; subscriptions bought with it keep their discount',
        params: OpsPromotionParamsSchema,
        response: { 200: OpsPromotionSchema, ...errorResponses(404) },
      },
    },
    async (request) => promotions.deactivate(request.params.promotionCodeId),
  );
};
