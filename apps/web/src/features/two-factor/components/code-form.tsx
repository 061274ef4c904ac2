import { Button, Group, TextInput } from '@mantine/core';
import { RecoveryCodeSchema, TotpCodeSchema } from '@store/core';
import { z } from 'zod/mini';
import { useFocusWhenShown } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/form';

const CodeSchema = z.object({ code: TotpCodeSchema });
const RecoverySchema = z.object({ code: RecoveryCodeSchema });

export interface CodeFormProps {
  /** A 6-digit code of the app, or (at sign-in) a recovery code. */
  kind?: 'totp' | 'recovery';
  submitLabel: string;
  pending: boolean;
  onSubmit(code: string): void;
  onCancel?(): void;
}

/** One code, typed as the app shows it (spaces allowed), validated by core's schema. */
export function CodeForm({ kind = 'totp', submitLabel, pending, onSubmit, onCancel }: CodeFormProps) {
  const { form, onSubmit: submit } = useSchemaForm(kind === 'totp' ? CodeSchema : RecoverySchema, {
    initialValues: { code: '' },
  });
  // Not autoFocus: the browser honours that once per page, and this form may be the second shown.
  const focusWhenShown = useFocusWhenShown<HTMLInputElement>();
  return (
    <form onSubmit={submit(({ code }) => !pending && onSubmit(code))} noValidate aria-label={submitLabel}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={kind === 'totp' ? 'Authentication code' : 'Recovery code'}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          ref={focusWhenShown}
          required
          w={220}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}
