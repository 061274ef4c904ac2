import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import type { CurrentUser } from '../../lib/current-user';
import classes from './nav-bar.module.css';

/** Which item a menu opened by keyboard starts on (WAI-ARIA APG menu button). */
export type FirstItem = 'first' | 'last';

/** Down Arrow on the menu button opens the menu on its first item, Up Arrow on its last. */
export function arrowOpens(key: string): FirstItem | null {
  return key === 'ArrowDown' ? 'first' : key === 'ArrowUp' ? 'last' : null;
}

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
