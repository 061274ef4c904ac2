import { Badge, Group } from '@mantine/core';

/** Codes a customer's tools use as they are written (API scopes, webhook event types), one badge each. */
export function CodeBadges({ codes }: { codes: readonly string[] }) {
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Badge key={code} variant="light" color="gray" tt="none" radius="sm" fw={500}>
          {code}
        </Badge>
      ))}
    </Group>
  );
}
