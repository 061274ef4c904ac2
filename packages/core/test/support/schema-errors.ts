import type { z } from 'zod/mini';
import { loadZodEnglishMessages } from '../../src/zod-english';

// The tables assert what the API answers, and the server loads zod's English messages.
loadZodEnglishMessages();

/** The first message per field path ('' for the root), for table-driven assertions. */
export const errorsOf = (schema: z.ZodMiniType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
};
