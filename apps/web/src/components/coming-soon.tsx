import { Stack, Text, Title } from '@mantine/core';

/** Stand-in for a screen that a later issue builds; the route and its guard are already real. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">This screen is coming soon.</Text>
    </Stack>
  );
}
