import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Routes of what engines call: activation, usage reports, offline license key (issue 6). */
export const licensingRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
