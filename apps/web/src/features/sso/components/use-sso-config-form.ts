import { type PutSsoConfig, SsoMessages, type SsoSettings } from '@store/core';
import type { z } from 'zod/mini';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { usePutSsoSettings } from '../api/put-sso-settings';

/**
 * Either protocol's set-up form: its fields from the core schema, saved with PUT and then reset to
 * what the server kept, with the "saved" alert. `toBody` picks what of the form's values is sent.
 */
export function useSsoConfigForm<S extends z.ZodMiniType<PutSsoConfig>, V extends Record<string, unknown>>(
  schema: S,
  initialValues: (settings: SsoSettings) => V,
  settings: SsoSettings,
  toBody: (values: z.output<S>) => PutSsoConfig = (values) => values,
) {
  const save = usePutSsoSettings();
  const { form, onSubmit, reset } = useSchemaForm(schema, { initialValues: initialValues(settings) });
  const submit = onSubmit((values) =>
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        reset(initialValues(saved));
        showAlert({ type: 'success', text: SsoMessages.saved });
      },
    }),
  );
  return { form, submit, saving: save.isPending };
}
