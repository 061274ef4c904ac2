import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPES,
  type ApiTokenForm,
  ApiTokenFormSchema,
  ApiTokenMessages,
  apiTokenFromForm,
  type CreatedApiToken,
} from '@store/core';
import { CodeCheckboxes } from '../../../components/code-checkboxes';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCreateApiToken } from '../api/create-api-token';

const EMPTY: ApiTokenForm = { name: '', scopes: [], expiry: '90' };

const expiryOptions = [
  ...API_TOKEN_EXPIRY_DAYS.map((days) => ({
    value: String(days),
    label: ApiTokenMessages.expiryOption(days),
  })),
  { value: 'never', label: ApiTokenMessages.neverExpires },
];

/** Name, scopes and expiry of a new token; the token made is handed to `onCreated`, to be shown once. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const { form, valid, onSubmit, reset } = useSchemaForm(ApiTokenFormSchema, { initialValues: EMPTY });
  const submit = onSubmit((values) =>
    create.mutate(apiTokenFromForm(values), {
      onSuccess: (created) => {
        reset();
        showAlert({ type: 'success', text: ApiTokenMessages.created(created.apiToken.name) });
        onCreated(created);
      },
    }),
  );
  return (
    <form onSubmit={submit} aria-labelledby="create-api-token">
      <Stack gap="md" maw={640}>
        <Title order={2} size="h3" id="create-api-token">
          {ApiTokenMessages.createHeading}
        </Title>
        <TextInput
          label={ApiTokenMessages.nameLabel}
          description={ApiTokenMessages.nameDescription}
          maxLength={API_TOKEN_NAME_MAX}
          required
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label={ApiTokenMessages.scopesLabel} required {...form.getInputProps('scopes')}>
          <CodeCheckboxes
            codes={API_TOKEN_SCOPES}
            descriptions={API_TOKEN_SCOPE_DESCRIPTIONS}
            idPrefix="api-scope"
          />
        </Checkbox.Group>
        <Select
          label={ApiTokenMessages.expiryLabel}
          data={expiryOptions}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          {...form.getInputProps('expiry')}
        />
        <Group>
          <Button type="submit" disabled={!valid} loading={create.isPending}>
            {ApiTokenMessages.createButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
