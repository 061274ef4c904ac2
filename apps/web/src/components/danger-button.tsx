import { Button, type ButtonProps, type ElementProps } from '@mantine/core';

/**
 * The button of an action that removes or ends something (revoke, delete, release, cancel), outlined
 * alike everywhere: red 9, the red whose text on white meets WCAG AA contrast (Mantine's default red
 * does not).
 */
export function DangerButton(props: ButtonProps & ElementProps<'button', keyof ButtonProps>) {
  return <Button variant="outline" color="red.9" {...props} />;
}
