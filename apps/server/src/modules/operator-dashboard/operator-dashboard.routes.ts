import { OpsDashboardSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/route-security';
import type { OperatorDashboardService } from './operator-dashboard.service';

/** The console's home (docs/decisions/028). */
export const operatorDashboardRoutes: FastifyPluginAsyncZod<{ dashboard: OperatorDashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/ops/dashboard',
    {
      schema: {
        operationId: 'opsGetDashboard',
        security: Access.operator,
        tags: ['operator'],
        summary:
          'MRR and its movement this month (new, expansion, contraction, churn), failed payments this week and the amount at risk, renewals in the next 30 days, receivables by age and open disputes, on the store clock',
        response: { 200: OpsDashboardSchema },
      },
    },
    async () => dashboard.dashboard(),
  );
};
