import { Divider, Stack, Text, Title } from '@mantine/core';
import {
  ApiTokenMessages,
  ApiTokenScreenName,
  type CreatedApiToken,
  type WebhookEndpointWithSecret,
  WebhookMessages,
} from '@store/core';
import { useState } from 'react';
import { ScreenSection } from '../../../components/screen-section';
import { ApiTokensList, CreateApiTokenForm, NewApiToken } from '../../../features/api-tokens';
import {
  AddWebhookEndpointForm,
  NewWebhookSecret,
  type ShownSecret,
  WebhookEndpointsList,
} from '../../../features/webhooks';

/** The secret a creation or a roll answered, if any (a plain change answers none). */
const secretOf = ({ endpoint, secret }: WebhookEndpointWithSecret): ShownSecret | null =>
  secret === null ? null : { url: endpoint.url, secret };

/**
 * API & Webhooks (docs/decisions/026 and 027): the organization's API tokens and webhook endpoints,
 * for its admins. A token or signing secret made is shown once, above its list, until Done or until
 * the admin leaves the screen.
 */
export default function ApiTokensScreen() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const showSecret = (answer: WebhookEndpointWithSecret) => setSecret(secretOf(answer));
  return (
    <Stack gap="lg">
      <Title order={1}>{ApiTokenScreenName.heading}</Title>
      <Text c="dimmed" maw={720}>
        {ApiTokenMessages.intro}
      </Text>
      {created && <NewApiToken created={created} onDone={() => setCreated(null)} />}
      <Stack gap="sm">
        <Title order={2} size="h3">
          {ApiTokenMessages.listHeading}
        </Title>
        <ApiTokensList />
      </Stack>
      <Divider />
      <CreateApiTokenForm onCreated={setCreated} />
      <Divider />
      <ScreenSection
        gap="sm"
        headingId="webhooks-heading"
        heading={WebhookMessages.listHeading}
        intro={WebhookMessages.intro}
      >
        {secret && <NewWebhookSecret key={secret.secret} shown={secret} onDone={() => setSecret(null)} />}
        <WebhookEndpointsList onSecret={showSecret} />
      </ScreenSection>
      <AddWebhookEndpointForm onCreated={showSecret} />
    </Stack>
  );
}
