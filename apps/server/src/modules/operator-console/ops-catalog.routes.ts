import {
  OpsCatalogSchema,
  OpsEulaBodySchema,
  OpsPlanBodySchema,
  OpsPlanImpactSchema,
  OpsPlanParamsSchema,
  OpsPlanSchema,
  OpsPlanUpdateAnswerSchema,
  OpsPlanUpdateBodySchema,
  OpsProductBodySchema,
  OpsProductParamsSchema,
  OpsProductSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access, errorResponses } from '../../plugins/route-security';
import type { CatalogService } from '../catalog';
import { toOpsProduct } from '../catalog';
import type { ConsoleActionsService } from './console-actions.service';

const tags = ['operator'];

/** The console's Catalogue screen (the operator API contract, "Catalogue"). */
export const opsCatalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  actions: ConsoleActionsService;
}> = async (app, { catalog, actions }) => {
  /** Makes a change to a product, then answers the product as the Catalogue screen lists it. */
  const changeProduct = async (productId: number, change: (productId: number) => Promise<unknown>) => {
    await change(productId);
    return (await catalog.overview()).products.find((p) => p.productId === productId)!;
  };

  app.get(
    '/api/ops/catalog',
    {
      schema: {
        operationId: 'opsGetCatalog',
        security: Access.operator,
        tags,
        summary: 'Every product and plan, unavailable ones too, with the subscribers on each plan',
        response: { 200: OpsCatalogSchema },
      },
    },
    async () => catalog.overview(),
  );

  app.post(
    '/api/ops/products',
    {
      schema: {
        operationId: 'opsCreateProduct',
        security: Access.operatorMutation,
        tags,
        summary: 'Add a product',
        body: OpsProductBodySchema,
        response: { 200: OpsProductSchema, ...errorResponses(409) },
      },
    },
    async (request) => toOpsProduct(await catalog.createProduct(request.body), []),
  );

  app.put(
    '/api/ops/products/:productId',
    {
      schema: {
        operationId: 'opsUpdateProduct',
        security: Access.operatorMutation,
        tags,
        summary: 'Change a product (its plans follow a changed flag)',
        params: OpsProductParamsSchema,
        body: OpsProductBodySchema,
        response: { 200: OpsProductSchema, ...errorResponses(409) },
      },
    },
    async (request) =>
      changeProduct(request.params.productId, (id) => catalog.updateProduct(id, request.body)),
  );

  app.put(
    '/api/ops/products/:productId/eula',
    {
      schema: {
        operationId: 'opsReplaceProductEula',
        security: Access.operatorMutation,
        tags,
        summary: "Replace a product's end-user agreement: a PDF (base64) or HTML (sanitized when served)",
        params: OpsProductParamsSchema,
        body: OpsEulaBodySchema,
        response: { 200: OpsProductSchema },
      },
    },
    async (request) => changeProduct(request.params.productId, (id) => catalog.setEula(id, request.body)),
  );

  app.post(
    '/api/ops/plans',
    {
      schema: {
        operationId: 'opsCreatePlan',
        security: Access.operatorMutation,
        tags,
        summary: 'Add a pricing plan to a product',
        body: OpsPlanBodySchema,
        response: { 200: OpsPlanSchema, ...errorResponses(409) },
      },
    },
    async (request) => catalog.planOverview(await catalog.createPlan(request.body)),
  );

  app.put(
    '/api/ops/plans/:planId',
    {
      schema: {
        operationId: 'opsUpdatePlan',
        security: Access.operatorMutation,
        tags,
        summary:
          'Change a plan: a new price applies to new purchases at once; its subscribers keep their price or are mailed the new one, which reaches them at their next renewal; unavailable keeps subscribers on it',
        params: OpsPlanParamsSchema,
        body: OpsPlanUpdateBodySchema,
        response: { 200: OpsPlanUpdateAnswerSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const saved = await actions.updatePlan(request.params.planId, request.body);
      return {
        plan: await catalog.planOverview(saved.plan),
        subscribersAtNextRenewal: saved.subscribersAtNextRenewal,
        ...(saved.message ? { message: saved.message } : {}),
      };
    },
  );

  app.get(
    '/api/ops/plans/:planId/impact',
    {
      schema: {
        operationId: 'opsGetPlanImpact',
        security: Access.operator,
        tags,
        summary: 'How many active subscriptions renew on this plan (and would take a price change)',
        params: OpsPlanParamsSchema,
        response: { 200: OpsPlanImpactSchema },
      },
    },
    async (request) => {
      return { subscribers: await catalog.subscribersOf(request.params.planId) };
    },
  );
};
