import { Button, Group, Stack, TextInput } from '@mantine/core';
import { TypedConfirmationSchema } from '@store/core';
import type { ReactNode } from 'react';
import { useSchemaForm } from '../lib/form';

/**
 * A destructive action's confirmation (spec §5): the person types what the action names and submits;
 * the caller compares what was typed. Either way out clears the field.
 */
export function TypedConfirmationForm({
  label,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
  children,
}: {
  label: string;
  keepLabel: string;
  confirmLabel: string;
  onKeep(): void;
  onConfirm(typed: string): void;
  children: ReactNode;
}) {
  const { form, onSubmit, reset } = useSchemaForm(TypedConfirmationSchema, { initialValues: { typed: '' } });
  const keep = () => {
    reset();
    onKeep();
  };
  const submit = onSubmit(({ typed }) => {
    reset();
    onConfirm(typed);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        <TextInput label={label} data-autofocus autoComplete="off" {...form.getInputProps('typed')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={keep}>
            {keepLabel}
          </Button>
          {/* red 9: white on the default filled red is under 4.5:1 (WCAG AA). */}
          <Button type="submit" color="red.9">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
