import { z } from 'zod/mini';

/**
 * The type-to-confirm prompts (Cancel Subscription, Delete User; docs/spec.md §5): any text may be
 * typed; the screen compares it with the name or e-mail, and a mismatch does nothing.
 */
export const TypedConfirmationSchema = z.object({ typed: z.string() });

/** The offline license request form (docs/spec.md §5): one host name per licensed machine. */
export const hostListsSchema = <S extends z.ZodMiniType>(host: S) =>
  z.object({ engines: z.array(host), designers: z.array(host) });
