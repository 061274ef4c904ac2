import { type UseFormInput, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type FormEvent, useMemo, useState } from 'react';
import type { z } from 'zod/mini';

type Values = Record<string, unknown>;

let pointerPressed = false;
if (typeof document !== 'undefined') {
  const release = () => {
    pointerPressed = false;
  };
  document.addEventListener('pointerdown', () => (pointerPressed = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/**
 * Runs `reveal` now, or, when a pointer press moved the focus, once that press has ended and its
 * click has been dispatched. A message that appeared between press and release pushed the button
 * below it away from the pointer, so the click never landed (Login sent nothing and showed only
 * 'Email is required'; docs/spec.md §5 says submit shows every message).
 */
function afterPointerRelease(reveal: () => void) {
  if (!pointerPressed) {
    reveal();
    return;
  }
  const done = () => {
    document.removeEventListener('pointerup', done, true);
    document.removeEventListener('pointercancel', done, true);
    setTimeout(reveal, 0);
  };
  document.addEventListener('pointerup', done, true);
  document.addEventListener('pointercancel', done, true);
}

export interface SchemaFormOptions<V extends Values> {
  initialValues: V;
  /** Passed to Mantine's useForm as is (e.g. onValuesChange). */
  onValuesChange?: UseFormInput<V>['onValuesChange'];
}

/**
 * The one form mechanism of the web client: Mantine's form state validated by a schema from
 * @store/core (docs/spec.md §5). A field's message shows once the field is touched (left) or changed;
 * submit shows every message and calls `handler` with the schema's parsed output only when valid;
 * `valid` is what disables a submit button.
 */
export function useSchemaForm<S extends z.ZodMiniType, V extends Values>(
  schema: S,
  options: SchemaFormOptions<V>,
) {
  const [submitted, setSubmitted] = useState(false);
  const resolver = useMemo(() => zod4Resolver(schema), [schema]);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: resolver,
    onValuesChange: options.onValuesChange,
    enhanceGetInputProps: ({ field }) => ({
      error: shown(field),
      // Mantine counts focus as touched; the spec's "touched" is a field the user has left.
      onFocus: undefined,
      onBlur: () => afterPointerRelease(() => form.setTouched((t) => ({ ...t, [field]: true }))),
    }),
  });
  const errors = resolver(form.getValues()) as Record<string, string | undefined>;
  const valid = Object.keys(errors).length === 0;
  function shown(field: string): string | undefined {
    return submitted || form.isTouched(field) ? errors[field] : undefined;
  }

  return {
    form,
    values: form.getValues(),
    valid,
    /** Form onSubmit: shows every message, then calls handler with the parsed values if valid. */
    onSubmit: (handler: (parsed: z.output<S>) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      const parsed = schema.safeParse(form.getValues());
      if (parsed.success) handler(parsed.data);
    },
    /** Back to `to` (or the initial values) with no message shown. */
    reset: (to?: V) => {
      setSubmitted(false);
      if (to) {
        form.setInitialValues(to);
        form.setValues(to);
      } else form.reset();
      form.resetTouched();
      form.resetDirty(to);
    },
  };
}

/** What a shared sub-form needs from the form it is part of. */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's input props are spread onto any Mantine input.
export type InputPropsOf<Field extends string> = (path: Field) => Record<string, any>;
