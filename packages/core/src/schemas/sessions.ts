import { z } from 'zod/mini';

/** One of the signed-in person's own sessions (ASVS 5.0 7.5.2: users can see and end them). */
export const OwnSessionSchema = z.object({
  sessionId: z.number().check(z.int()),
  /** When it was opened and last used, ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The browser or client that opened it, as its User-Agent named it; empty when unknown. */
  userAgent: z.string(),
  /** The address it was opened from; empty when unknown. */
  address: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

export const OwnSessionsSchema = z.object({ sessions: z.array(OwnSessionSchema) });
export type OwnSessions = z.infer<typeof OwnSessionsSchema>;

export const EndedSessionsSchema = z.object({ ended: z.number().check(z.int()) });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;
