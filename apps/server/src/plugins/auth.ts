import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../lib/auth-context';
import { unauthorized } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route-security hook for routes that read a token (plugins/route-security-hooks.ts). */
    auth: AuthContext | null;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
