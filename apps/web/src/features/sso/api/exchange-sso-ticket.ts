import { LoginResponseSchema } from '@store/core';
import { post } from '../../../lib/http';

/** POST /api/sso/exchange: the one-time ticket of the redirect, for a session (answered as sign-in is). */
export const exchangeSsoTicket = (ticket: string) =>
  post('/api/sso/exchange', { ticket }, { schema: LoginResponseSchema });
