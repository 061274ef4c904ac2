import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type AccountField, AccountFieldSchemas } from '@store/core';
import { type FormEvent, useState } from 'react';

const LABELS: Record<AccountField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  password: 'Password',
};

export interface AccountFieldEditorProps {
  field: AccountField;
  value: string;
  editing: boolean;
  /** Spec §4: while any field is being edited, the other edit buttons are hidden. */
  hideEdit: boolean;
  saving: boolean;
  note?: string;
  onEdit(): void;
  onCancel(): void;
  onUpdate(value: string): void;
}

/** One field of the Account screen: viewing, or editing with Cancel and Update (spec §2, §4, §5). */
export function AccountFieldEditor(props: AccountFieldEditorProps) {
  const { field, value, editing } = props;
  const label = LABELS[field];
  const [draft, setDraft] = useState(field === 'password' ? '' : value);
  const [shown, setShown] = useState(false);
  const parsed = AccountFieldSchemas[field].safeParse(draft);
  const error = shown && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const begin = () => {
    setDraft(field === 'password' ? '' : value);
    setShown(false);
    props.onEdit();
  };
  const cancel = () => {
    setDraft(field === 'password' ? '' : value);
    setShown(false);
    props.onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (parsed.success && !props.saving) props.onUpdate(parsed.data);
  };

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
    value: draft,
    autoFocus: true,
    required: true,
    error,
    onChange: (e: { currentTarget: { value: string } }) => {
      setDraft(e.currentTarget.value);
      setShown(true);
    },
    onBlur: () => setShown(true),
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${label}`} data-field={field}>
      <Stack gap="xs" py="xs">
        {field === 'password' ? (
          <PasswordInput autoComplete="new-password" {...input} />
        ) : (
          <TextInput
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field === 'email' ? 'email' : 'off'}
            {...input}
          />
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" disabled={!parsed.success} loading={props.saving}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
