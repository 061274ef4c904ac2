import { useState } from 'react';
import type { z } from 'zod';

type Paths<T> = string & keyof T;

/**
 * Form state validated by a schema from @store/core (spec §5 messages). A field's message shows
 * once it is dirty or touched; submit touches everything.
 */
export function useZodForm<T extends Record<string, unknown>>(schema: z.ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [shownFor, setShownFor] = useState<Set<string>>(new Set());
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issue.message;
    }
  }
  const reveal = (key: string) =>
    setShownFor((s) => {
      if (s.has(key)) return s;
      const next = new Set(s);
      next.add(key);
      return next;
    });

  return {
    values,
    valid: parsed.success,
    errors,
    error: (key: string) => (shownFor.has(key) ? errors[key] : undefined),
    set<K extends Paths<T>>(key: K, value: T[K]) {
      setValues((v) => ({ ...v, [key]: value }));
      reveal(key);
    },
    touch: reveal,
    touchAll: () => setShownFor(new Set([...Object.keys(values), ...Object.keys(errors)])),
    reset: (to: T = initial) => {
      setValues(to);
      setShownFor(new Set());
    },
  };
}
