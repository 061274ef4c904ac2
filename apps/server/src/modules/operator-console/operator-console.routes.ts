import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { opsBillingRunsRoutes } from './ops-billing-runs.routes';
import { opsBillsRoutes } from './ops-bills.routes';
import { opsCatalogRoutes } from './ops-catalog.routes';
import { opsOrganizationsRoutes } from './ops-organizations.routes';

/**
 * The operator console's API under /api/ops (docs/decisions/015): every route declares
 * Access.operator or Access.operatorMutation, so to anyone but an operator none of them exists.
 */
export const operatorConsoleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const routes of [opsOrganizationsRoutes, opsCatalogRoutes, opsBillsRoutes, opsBillingRunsRoutes]) {
    await app.register(routes, deps);
  }
};
