import { DeactivatedMachineSchema, idParam, MachineListSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import type { MachinesService } from './machines.service';

const tags = ['subscriptions'];

const MachineParams = z.object({ id: idParam('Subscription id'), machineId: idParam('Machine id') });

/** The editor's License section: the key's machines, and Deactivate for one of them. */
export const machinesRoutes: FastifyPluginAsyncZod<{ machines: MachinesService }> = async (
  app,
  { machines: service },
) => {
  app.get(
    '/api/subscription/:id/machines',
    {
      schema: {
        operationId: 'listMachines',
        security: orToken(Access.signedIn, 'licensing'),
        tags,
        summary: "The machines activated against the subscription's key, and the seats they hold",
        params: z.object({ id: idParam('Subscription id') }),
        response: { 200: MachineListSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.id),
  );

  app.delete(
    '/api/subscription/:id/machines/:machineId',
    {
      schema: {
        operationId: 'deactivateMachine',
        security: orToken(Access.signedInMutation, 'licensing'),
        ...needs('licenses'),
        tags,
        summary: 'Deactivate one machine: its seat is released at once (the rights of Flush Keys)',
        params: MachineParams,
        response: { 200: DeactivatedMachineSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.deactivate(requireAuth(request), request.params.id, request.params.machineId),
  );
};
