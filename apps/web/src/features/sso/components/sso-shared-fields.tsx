import {
  Button,
  Checkbox,
  Code,
  Group,
  SegmentedControl,
  Select,
  type SelectProps,
  Stack,
  Text,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { SSO_DEFAULT_ROLES, SsoMessages, ssoDefaultRoleLabel } from '@store/core';
import { type FormEvent, type ReactNode, useId } from 'react';
import { DangerButton } from '../../../components/danger-button';
import { showAlert } from '../../alert';
import { useDeleteSsoSettings } from '../api/delete-sso-settings';

/** A value the admin copies into the identity provider's set-up. */
export function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Code block data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </div>
  );
}

/** A choice between a few options, named by the label above it (the protocol, the metadata's source). */
export function LabelledChoice<T extends string>({
  label,
  value,
  onChange,
  data,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
}) {
  const labelId = useId();
  return (
    <div>
      <Text fw={500} size="sm" id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(chosen) => onChange(chosen as T)}
        data={data}
      />
    </div>
  );
}

/** What a protocol's set-up form hands its frame (from useSsoConfigForm). */
export interface SsoConfigFormState {
  form: {
    getInputProps: (
      path: 'enforced' | 'defaultRole',
      options?: { type: 'checkbox' },
    ) => GetInputPropsReturnType;
  };
  submit: (event?: FormEvent) => void;
  saving: boolean;
}

/**
 * Either protocol's form: its own fields, then the end both share: single sign-on required, the role
 * of new people, then Save and, once set up, Remove.
 */
export function SsoConfigForm({
  state,
  label,
  configured,
  children,
}: {
  state: SsoConfigFormState;
  label: string;
  configured: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={state.submit} noValidate aria-label={label}>
      <Stack gap="sm" maw={560}>
        {children}
        <Checkbox
          label={SsoMessages.enforcedLabel}
          description={SsoMessages.enforcedDescription}
          {...state.form.getInputProps('enforced', { type: 'checkbox' })}
        />
        <DefaultRoleSelect {...state.form.getInputProps('defaultRole')} />
        <Group>
          <Button type="submit" loading={state.saving}>
            {SsoMessages.save}
          </Button>
          {configured && <RemoveSsoButton />}
        </Group>
      </Stack>
    </form>
  );
}

const roleOptions = SSO_DEFAULT_ROLES.map((role) => ({ value: role, label: ssoDefaultRoleLabel(role) }));

/** The role of people single sign-on creates (docs/decisions/037): user or one role, never admin. */
export function DefaultRoleSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      label={SsoMessages.defaultRoleLabel}
      description={SsoMessages.defaultRoleDescription}
      data={roleOptions}
      allowDeselect={false}
      {...props}
    />
  );
}

export function RemoveSsoButton() {
  const remove = useDeleteSsoSettings();
  return (
    <DangerButton
      loading={remove.isPending}
      onClick={() =>
        remove.mutate(undefined, {
          onSuccess: () => showAlert({ type: 'success', text: SsoMessages.removed }),
        })
      }
    >
      {SsoMessages.remove}
    </DangerButton>
  );
}
