import { z } from 'zod/mini';

// Answers of the calls the spec does not show a shape for, so the API document describes every
// answer (docs/design.md §4) and the tests can hold each route to it.

/** GET /api/health. */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(['demo', 'production']),
  time: z.string(),
});

export const LivenessSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  migrations: z.literal('applied'),
});

/** GET /api/person/logout: succeeds whether or not the token was still valid. */
export const LogoutResultSchema = z.object({ success: z.boolean() });
