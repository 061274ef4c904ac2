import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of registration, verification, password reset, users (issue 5). */
export const accountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
