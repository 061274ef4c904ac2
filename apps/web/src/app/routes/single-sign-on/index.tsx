import { Divider, Stack, Text, Title } from '@mantine/core';
import { SsoMessages, SsoScreenName } from '@store/core';
import { ClaimedDomains, SsoSettingsForm, useSsoSettings } from '../../../features/sso';

/** Single sign-on (docs/decisions/036): the admins' OpenID Connect set-up and claimed domains. */
export default function SingleSignOnScreen() {
  const settings = useSsoSettings();
  return (
    <Stack gap="lg">
      <Title order={1}>{SsoScreenName.heading}</Title>
      <Text c="dimmed" maw={720}>
        {SsoMessages.intro}
      </Text>
      {settings.data && <SsoSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
      <Divider />
      <ClaimedDomains />
    </Stack>
  );
}
