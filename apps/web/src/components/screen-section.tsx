import { type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a customer screen: a section named by its heading (an h2 the size of an h3), with
 * the dimmed introduction some have.
 */
export function ScreenSection({
  headingId,
  heading,
  intro,
  gap = 'md',
  children,
}: {
  headingId: string;
  heading: ReactNode;
  intro?: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {intro && (
        <Text c="dimmed" maw={720}>
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  );
}
