import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of the subscriptions list, editor and actions (issue 6). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
