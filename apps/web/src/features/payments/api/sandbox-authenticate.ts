import { post } from '../../../lib/http';

/** POST /api/sandbox/authentication: the sandbox's stand-in for the bank's answer (demo mode). */
export const sandboxAuthenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
  post('/api/sandbox/authentication', { clientSecret, outcome });
