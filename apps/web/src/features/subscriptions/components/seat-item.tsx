import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One held seat in the License section, a machine or a lease: its host and badges, a line of dates,
 * and the button that frees it when the person may.
 */
export function SeatItem({
  testId,
  hostname,
  badges,
  dates,
  action,
}: {
  testId: string;
  hostname: string;
  badges: ReactNode;
  dates: ReactNode;
  action: ReactNode;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      py={6}
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={testId}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hostname}
          </Text>
          {badges}
        </Group>
        <Text size="xs" c="dimmed">
          {dates}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
