import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of bill history and invoices (issue 7). */
export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
