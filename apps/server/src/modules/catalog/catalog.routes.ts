import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of the catalogue, EULA, billing-cycle discounts, countries (issue 4). */
export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
