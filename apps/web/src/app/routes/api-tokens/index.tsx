import { Divider, Stack, Text, Title } from '@mantine/core';
import { ApiTokenMessages, type CreatedApiToken } from '@store/core';
import { useState } from 'react';
import { ApiTokensList, CreateApiTokenForm, NewApiToken } from '../../../features/api-tokens';

/**
 * API & Webhooks (docs/decisions/026): the organization's API tokens, for its admins. A token made
 * is shown once, above the list, until Done or until the admin leaves the screen.
 */
export default function ApiTokensScreen() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1}>{ApiTokenMessages.heading}</Title>
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
    </Stack>
  );
}
