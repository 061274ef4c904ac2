import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of a console page; the heading names the section for assistive technology. */
export function ConsoleSection({
  headingId,
  title,
  gap = 'sm',
  children,
}: {
  headingId: string;
  title: ReactNode;
  gap?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
