import { Checkbox, Stack } from '@mantine/core';
import { ROLES, type Role, RoleMessages } from '@store/core';

export interface RoleCheckboxesProps {
  value: Role[];
  onChange(roles: Role[]): void;
  disabled?: boolean;
}

/**
 * One checkbox per role, each with the sentence of what it allows (docs/decisions/033); without any,
 * the person is a plain user, which the group's description says.
 */
export function RoleCheckboxes({ value, onChange, disabled }: RoleCheckboxesProps) {
  return (
    <Checkbox.Group
      label={RoleMessages.rolesLabel}
      description={RoleMessages.plainUser}
      value={value}
      onChange={(next) => onChange(ROLES.map((r) => r.role).filter((role) => next.includes(role)))}
    >
      <Stack gap="sm" mt="xs">
        {ROLES.map((r) => (
          <Checkbox key={r.role} value={r.role} label={r.label} description={r.allows} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
