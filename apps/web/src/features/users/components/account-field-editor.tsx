import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { AccountFieldSchemas, AccountMessages, UpdatePersonSchema } from '@store/core';
import { useEffect, useRef } from 'react';
import { z } from 'zod/mini';
import { NewPasswordInput } from '../../../components/new-password-input';
import { useFocusWhenShown } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/form';

/** The Account screen's fields (spec §2, §3 "Person/user"): the four of the spec plus the optional phone. */
const FIELD_SCHEMAS = {
  firstName: z.object({ value: AccountFieldSchemas.firstName }),
  lastName: z.object({ value: AccountFieldSchemas.lastName }),
  email: z.object({ value: AccountFieldSchemas.email }),
  phone: z.object({ value: UpdatePersonSchema.shape.phone }),
  password: z.object({ value: AccountFieldSchemas.password }),
} as const;
export type EditableAccountField = keyof typeof FIELD_SCHEMAS;

/** docs/design.md §4: one's own password or e-mail changes only with the current password. */
const withCurrentPassword = (schema: (typeof FIELD_SCHEMAS)[EditableAccountField]) =>
  z.object({
    value: schema.shape.value,
    currentPassword: z.string().check(z.minLength(1, AccountMessages.enterCurrentPassword)),
  });

const LABELS: Record<EditableAccountField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
};

export interface AccountFieldEditorProps {
  field: EditableAccountField;
  value: string;
  editing: boolean;
  /** Spec §4: while any field is being edited, the other edit buttons are hidden. */
  hideEdit: boolean;
  saving: boolean;
  note?: string;
  /** The person edits their own password or e-mail: their current password is asked too. */
  askCurrentPassword?: boolean;
  onEdit(): void;
  onCancel(): void;
  onUpdate(value: string | null, currentPassword?: string): void;
}

/** One field of the Account screen: viewing, or editing with Cancel and Update (spec §2, §4, §5). */
export function AccountFieldEditor(props: AccountFieldEditorProps) {
  const { field, value, editing } = props;
  const label = LABELS[field];
  const initial = field === 'password' ? '' : value;
  const schema = props.askCurrentPassword ? withCurrentPassword(FIELD_SCHEMAS[field]) : FIELD_SCHEMAS[field];
  const { form, valid, onSubmit, reset } = useSchemaForm(schema, {
    initialValues: { value: initial, currentPassword: '' },
  });

  // The form closed (Update saved it, or Cancel or Escape left it): focus returns to this field's
  // Edit button rather than to the page body the closed form leaves it on.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Not autoFocus: the browser honours that once per page, and this may be the second field edited.
  const focusWhenShown = useFocusWhenShown<HTMLInputElement>();

  const begin = () => {
    reset({ value: initial, currentPassword: '' });
    props.onEdit();
  };
  const cancel = () => {
    reset({ value: initial, currentPassword: '' });
    props.onCancel();
  };
  const submit = onSubmit((parsed) => {
    const { value } = parsed;
    const currentPassword = 'currentPassword' in parsed ? (parsed.currentPassword as string) : undefined;
    // An emptied optional field (phone) is stored as no value.
    if (!props.saving) props.onUpdate(value === '' || value === undefined ? null : value, currentPassword);
  });

  if (!editing) {
    return (
      <Group justify="space-between" align="center" wrap="nowrap" py="xs" data-field={field}>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed" component="span" id={`${field}-label`}>
            {label}
          </Text>
          <Text fw={500} aria-labelledby={`${field}-label`} data-testid={`${field}-value`}>
            {field === 'password' ? '••••••••' : value}
          </Text>
          {props.note && (
            <Text size="sm" role="status">
              {props.note}
            </Text>
          )}
        </Stack>
        {!props.hideEdit && (
          <Button
            ref={editButton}
            variant="light"
            size="xs"
            onClick={begin}
            aria-label={`Edit ${label}`}
            style={{ flexShrink: 0 }}
          >
            Edit
          </Button>
        )}
      </Group>
    );
  }

  const input = {
    label,
    ref: focusWhenShown,
    required: field !== 'phone',
    ...form.getInputProps('value'),
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          cancel();
        }
      }}
      noValidate
      aria-label={`Edit ${label}`}
      data-field={field}
    >
      <Stack gap="xs" py="xs">
        {field === 'password' ? (
          <NewPasswordInput {...input} />
        ) : (
          <TextInput
            type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
            autoComplete={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'off'}
            {...input}
          />
        )}
        {props.askCurrentPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" disabled={!valid} loading={props.saving}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
