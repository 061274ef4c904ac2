import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error';
import type { AuthContext, SessionService } from '../modules/identity/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Resolves the bearer token (if any) once per request; routes then ask for what they need. */
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    if (!token) return;
    request.auth = await sessions.resolve(token);
    // A token that was sent but is no longer valid is a 401 even on public routes, so the
    // client logs out (spec §8) instead of showing a signed-in shell that cannot load anything.
    if (!request.auth && request.url.startsWith('/api/') && !request.url.startsWith('/api/authenticate')) {
      throw unauthorized();
    }
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Rights are bit flags: 1 = user, 2 = organization admin (DESIGN.md §2). */
export const RIGHT_ADMIN = 2;

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if ((auth.person.rights & RIGHT_ADMIN) === 0) {
    throw forbidden('Only an administrator of your organization can do that.');
  }
  return auth;
}
