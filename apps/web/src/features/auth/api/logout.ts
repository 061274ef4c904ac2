import { clearCurrentUser, getCurrentUser } from '../../../lib/current-user';
import { get } from '../../../lib/http';

/**
 * Ends the session: tells the server (which revokes the token) and forgets the user at once.
 * The server call may fail (token already revoked, server down); the user is logged out regardless.
 */
export function logout(): void {
  if (!getCurrentUser()) return;
  // The request reads the token synchronously, before the user is cleared below.
  get('/api/person/logout').catch(() => undefined);
  clearCurrentUser();
}
