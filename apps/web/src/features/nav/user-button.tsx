import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import type { CurrentUser } from '../../lib/current-user';
import classes from './nav-bar.module.css';

type UserButtonProps = UnstyledButtonProps &
  Omit<ComponentPropsWithRef<'button'>, 'style'> & { person: CurrentUser['person'] };

/** The signed-in person's name in the header: the button that opens the user menu. */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(({ person, ...props }, ref) => (
  <UnstyledButton ref={ref} className={classes.userButton} {...props}>
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} component="span">
        {person.firstName} {person.lastName}
      </Text>
      <span aria-hidden className={classes.chevron}>
        ▾
      </span>
    </Group>
  </UnstyledButton>
));
