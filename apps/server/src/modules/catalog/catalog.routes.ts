import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  BillingCycleDiscountsSchema,
  CountrySchema,
  EulaResponseSchema,
  idParams,
  maxChars,
  NAME_MAX,
  PlanListSchema,
  PricingPlanSchema,
  ProductListSchema,
  StripePublicKeySchema,
} from '@store/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import countries from 'i18n-iso-countries';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-error';
import { Access, errorResponses } from '../../plugins/route-security';
import type { CatalogService } from './catalog.service';
import { toPlanDto, toProductDto } from './catalog-dto';
import { eulaPdfBase64, sanitizeEulaHtml } from './eula';

countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

/** ISO 3166-1 alpha-2 codes with English names, sorted by name (computed once). */
const COUNTRIES = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

// Prices must be re-read by the checkout (docs/design.md §2), so catalogue answers are revalidated on
// every use (ETag, answered 304 when unchanged); slow-changing lists may be kept for an hour.
const REVALIDATE = 'public, no-cache';
const HOUR = 'public, max-age=3600';

function cached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  body: T,
): T | FastifyReply {
  const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return body;
}

const ProductNameParams = z.object({
  productName: z
    .string()
    .check(z.minLength(1), ...maxChars(NAME_MAX, `productName must be at most ${NAME_MAX} characters`)),
});
const IdParams = (label: string) => idParams('id', label);
const PlanIdParams = idParams('planId', 'Plan id');

const PLAN_NOT_FOUND = 'That pricing plan does not exist.';

/** Routes of the catalogue, EULA, billing-cycle discounts, countries (docs/spec.md §7). */
export const catalogRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'gateway'> & { catalog: CatalogService }
> = async (app, deps) => {
  const { catalog } = deps;

  app.get(
    '/api/product/all',
    {
      schema: {
        operationId: 'listProducts',
        security: Access.public,
        tags: ['catalog'],
        summary: 'Every product of the catalogue',
        response: { 200: ProductListSchema },
      },
    },
    async (request, reply) => cached(request, reply, HOUR, (await catalog.listProducts()).map(toProductDto)),
  );

  app.get(
    '/api/product/plans_for_product/:productName',
    {
      schema: {
        operationId: 'listProductPlans',
        security: Access.public,
        tags: ['catalog'],
        summary: 'The plans on sale for a product (404 for an unknown product)',
        params: ProductNameParams,
        response: { 200: PlanListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const product = await catalog.findProductByName(request.params.productName);
      if (!product) throw notFound(`There is no product named '${request.params.productName}'.`);
      const plans = product.isAvailable ? await catalog.availablePlansOf(product.product) : [];
      return cached(
        request,
        reply,
        REVALIDATE,
        plans.map((p) => toPlanDto(p, product.name)),
      );
    },
  );

  app.get(
    '/api/product/plan_with_id/:id',
    {
      schema: {
        operationId: 'getPlan',
        security: Access.public,
        tags: ['catalog'],
        summary: 'One plan, retired ones included (the subscription editor shows them as grandfathered)',
        params: IdParams('Plan id'),
        response: { 200: PricingPlanSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = (await catalog.findPlans([request.params.id])).get(request.params.id);
      if (!found) throw notFound(PLAN_NOT_FOUND);
      return cached(request, reply, REVALIDATE, toPlanDto(found.plan, found.product?.name ?? ''));
    },
  );

  app.get(
    '/api/product/eula/:planId',
    {
      schema: {
        operationId: 'getPlanEula',
        security: Access.public,
        tags: ['catalog'],
        summary: "The end-user agreement of a plan's product: a PDF as base64, or sanitized HTML",
        params: PlanIdParams,
        response: { 200: EulaResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = (await catalog.findPlans([request.params.planId])).get(request.params.planId);
      if (!found?.product) throw notFound(PLAN_NOT_FOUND);
      const { eulaPdf, eulaHtml, eulaPdfBase64: uploaded } = found.product;
      reply.header('cache-control', HOUR);
      if (uploaded) return { pdfBase64: uploaded };
      if (eulaPdf) {
        try {
          return { pdfBase64: await eulaPdfBase64(eulaPdf) };
        } catch {
          if (!eulaHtml) throw notFound('The end-user agreement of this product is not available.');
        }
      }
      if (eulaHtml) return { html: sanitizeEulaHtml(eulaHtml) };
      throw notFound('The end-user agreement of this product is not available.');
    },
  );

  app.get(
    '/api/misc/billingCycleDiscounts',
    {
      schema: {
        operationId: 'getBillingCycleDiscounts',
        security: Access.public,
        tags: ['catalog'],
        summary: 'Discount of each billing cycle, as fractions',
        response: { 200: BillingCycleDiscountsSchema },
      },
    },
    async (request, reply) => cached(request, reply, REVALIDATE, await catalog.cycleDiscounts()),
  );

  app.get(
    '/api/misc/country-codes',
    {
      schema: {
        operationId: 'listCountries',
        security: Access.public,
        tags: ['catalog'],
        summary: 'ISO 3166-1 countries (alpha-2 code, English name), sorted by name',
        response: { 200: z.array(CountrySchema) },
      },
    },
    async (request, reply) => cached(request, reply, HOUR, COUNTRIES),
  );

  app.get(
    '/api/misc/stripePublicKey',
    {
      schema: {
        operationId: 'getStripePublicKey',
        security: Access.public,
        tags: ['catalog'],
        summary: "The card provider's publishable key (null with the sandbox gateway)",
        response: { 200: StripePublicKeySchema },
      },
    },
    async () => ({ publicKey: deps.gateway.publishableKey() }),
  );
};
