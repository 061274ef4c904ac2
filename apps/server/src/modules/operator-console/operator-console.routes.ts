import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DunningSettingsService } from '../bills';
import type { CatalogService } from '../catalog';
import type { ConsoleActionsService } from './console-actions.service';
import type { OperatorConsoleService } from './operator-console.service';
import { opsActionsRoutes } from './ops-actions.routes';
import { opsBillingRunsRoutes } from './ops-billing-runs.routes';
import { opsBillsRoutes } from './ops-bills.routes';
import { opsCancellationsRoutes } from './ops-cancellations.routes';
import { opsCatalogRoutes } from './ops-catalog.routes';
import { opsDunningRoutes } from './ops-dunning.routes';
import { opsOrganizationsRoutes } from './ops-organizations.routes';

/**
 * The operator console's API under /api/ops (docs/decisions/015): every route declares
 * Access.operator or Access.operatorMutation, so to anyone but an operator none of them exists.
 */
export const operatorConsoleRoutes: FastifyPluginAsyncZod<{
  console: OperatorConsoleService;
  catalog: CatalogService;
  actions: ConsoleActionsService;
  dunning: DunningSettingsService;
}> = async (app, deps) => {
  await app.register(opsOrganizationsRoutes, deps);
  await app.register(opsCatalogRoutes, deps);
  await app.register(opsBillsRoutes, deps);
  await app.register(opsBillingRunsRoutes, deps);
  await app.register(opsActionsRoutes, deps);
  await app.register(opsCancellationsRoutes, deps);
  await app.register(opsDunningRoutes, deps);
};
