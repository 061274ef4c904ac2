import { isAdmin } from '@store/core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../lib/auth-context';
import { forbidden, unauthorized } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route-security hook for routes that read a token (plugins/route-security.ts). */
    auth: AuthContext | null;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  // Rights are bit flags (docs/design.md §2); the admin bit's one home is core's Rights.Admin.
  if (!isAdmin(auth.person)) {
    throw forbidden('Only an administrator of your organization can do that.');
  }
  return auth;
}
