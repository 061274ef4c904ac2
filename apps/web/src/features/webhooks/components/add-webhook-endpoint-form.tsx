import { Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  CreateWebhookEndpointSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpointWithSecret,
  WebhookEventTypeSchema,
  WebhookMessages,
} from '@store/core';
import { useRef, useState } from 'react';
import { z } from 'zod/mini';
import { CodeCheckboxes } from '../../../components/code-checkboxes';
import { useSchemaForm } from '../../../lib/form';
import { HttpError } from '../../../lib/http';
import { errorText } from '../../../lib/query-client';
import { showAlert } from '../../alert';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';

/**
 * The request's fields plus the All events switch. An empty list means every event to the API, so
 * with the switch off at least one event must be ticked; the rule is an intersection of its own so
 * it is said whatever the address field holds.
 */
const AddEndpointSchema = z.intersection(
  z.extend(CreateWebhookEndpointSchema, { allEvents: z.boolean() }),
  z.object({ allEvents: z.boolean(), events: z.array(WebhookEventTypeSchema) }).check(
    z.refine((v) => v.allEvents || v.events.length > 0, {
      path: ['events'],
      error: WebhookMessages.eventsRequired,
    }),
  ),
);

type AddEndpointValues = { url: string; events: string[]; description: string; allEvents: boolean };
const EMPTY: AddEndpointValues = { url: '', events: [], description: '', allEvents: true };

/** An address the server refused, with its reason: shown on the field until the address changes. */
type Refusal = { url: string; message: string };

/** Address, events and description of a new endpoint; the endpoint made is handed to `onCreated`, its secret to be shown once. */
export function AddWebhookEndpointForm({
  onCreated,
}: {
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhookEndpoint();
  const urlField = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { form, values, valid, onSubmit, reset } = useSchemaForm(AddEndpointSchema, { initialValues: EMPTY });
  const refused = refusal !== null && refusal.url === values.url ? refusal.message : undefined;
  const submit = onSubmit(({ url, events, description, allEvents }) =>
    create.mutate(
      { url, events: allEvents ? [] : events, description },
      {
        onSuccess: (created) => {
          reset();
          setRefusal(null);
          showAlert({ type: 'success', text: WebhookMessages.created(created.endpoint.url) });
          onCreated(created);
        },
        onError: (error) => {
          // The server judges what the form cannot: the address's host, where it resolves, its
          // scheme in production. Its reason belongs beside the address, where it is fixed.
          if (error instanceof HttpError && error.status === 400) {
            setRefusal({ url: values.url, message: error.message });
            urlField.current?.focus();
          } else showAlert({ type: 'error', text: errorText(error), focus: true });
        },
      },
    ),
  );
  const urlProps = form.getInputProps('url');
  return (
    <form onSubmit={submit} aria-labelledby="add-webhook-endpoint" noValidate>
      <Stack gap="md" maw={640}>
        <Title order={3} size="h4" id="add-webhook-endpoint">
          {WebhookMessages.addHeading}
        </Title>
        <TextInput
          type="url"
          label={WebhookMessages.urlLabel}
          description={WebhookMessages.urlDescription}
          placeholder="https://example.com/webhooks"
          maxLength={WEBHOOK_URL_MAX}
          required
          {...urlProps}
          ref={urlField}
          error={refused ?? urlProps.error}
        />
        <Stack gap="xs">
          <Checkbox
            label={WebhookMessages.allEvents}
            description={
              <span id="webhook-all-events-description">{WebhookMessages.allEventsDescription}</span>
            }
            aria-describedby="webhook-all-events-description"
            {...form.getInputProps('allEvents', { type: 'checkbox' })}
          />
          {!values.allEvents && (
            <Checkbox.Group
              label={WebhookMessages.eventsLabel}
              required
              pl="lg"
              {...form.getInputProps('events')}
            >
              <CodeCheckboxes
                codes={WEBHOOK_EVENT_TYPES}
                descriptions={WEBHOOK_EVENT_DESCRIPTIONS}
                idPrefix="webhook-event"
              />
            </Checkbox.Group>
          )}
        </Stack>
        <TextInput
          label={WebhookMessages.descriptionLabel}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Group>
          <Button type="submit" disabled={!valid || refused !== undefined} loading={create.isPending}>
            {WebhookMessages.addButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
