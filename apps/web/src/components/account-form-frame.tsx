import { Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of the account forms (Add New User, Register New Organization, Forgot Password, Set
 * Password): a centred card that is the form, named by its title. A long form has its title above
 * the card; a short one has it at the top of the card.
 */
export function AccountFormFrame(props: {
  title: string;
  width: number;
  titleAbove?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const title = <Title order={1}>{props.title}</Title>;
  return (
    <Stack maw={props.width} mx="auto" {...(props.titleAbove ? { gap: 'lg' } : { mt: 'lg' })}>
      {props.titleAbove && title}
      <Paper
        withBorder
        shadow="xs"
        p="xl"
        component="form"
        onSubmit={props.onSubmit}
        noValidate
        aria-label={props.title}
      >
        <Stack gap={props.titleAbove ? 'lg' : 'md'}>
          {!props.titleAbove && title}
          {props.children}
        </Stack>
      </Paper>
    </Stack>
  );
}
