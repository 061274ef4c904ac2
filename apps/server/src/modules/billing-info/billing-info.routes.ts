import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of billing information (issue 4). */
export const billingInfoRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
