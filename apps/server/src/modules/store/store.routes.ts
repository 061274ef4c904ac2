import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of purchase and checkout (issue 4). */
export const storeRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
