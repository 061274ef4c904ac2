import {
  BillingDescriptionSchema,
  BillingInfoSchema,
  CardSetupSchema,
  OrganizationSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { BillingService } from '../billing';
import { type BillingInfoService, toBillingDescription } from './billing-info.service';

/** Routes of billing information (docs/spec.md §7). Billing details are the organization admin's (docs/design.md §2). */
export const billingInfoRoutes: FastifyPluginAsyncZod<{
  billingInfo: BillingInfoService;
  billing: Pick<BillingService, 'retryPastDueBills'>;
}> = async (app, { billingInfo, billing }) => {
  app.put(
    '/api/organization/billing_info',
    {
      schema: {
        operationId: 'saveBillingInfo',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['billing-info'],
        summary: "Saves the billing address and makes the browser's payment method the organization's card",
        body: BillingInfoSchema,
        response: { 200: OrganizationSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const updated = await billingInfo.update(requireAuth(request), request.body);
      // docs/design.md §3: new billing information retries the organization's past-due bills at once.
      await billing
        .retryPastDueBills(updated.organizationId)
        .catch((err) => request.log.error({ err }, 'retrying past-due bills failed'));
      return updated;
    },
  );

  app.get(
    '/api/organization/billing_description',
    {
      schema: {
        operationId: 'getBillingDescription',
        security: Access.signedIn,
        ...needs('billing'),
        tags: ['billing-info'],
        summary: 'The current billing name and address',
        response: { 200: BillingDescriptionSchema, ...errorResponses(403) },
      },
    },
    async (request) => toBillingDescription(requireAuth(request).organization),
  );

  app.post(
    '/api/organization/card_setup',
    {
      schema: {
        operationId: 'startCardSetup',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['billing-info'],
        summary: "Starts collecting a card: Stripe's SetupIntent client secret (null with the sandbox)",
        response: { 200: CardSetupSchema, ...errorResponses(403) },
      },
    },
    async (request) => billingInfo.prepareCardSetup(requireAuth(request)),
  );
};
