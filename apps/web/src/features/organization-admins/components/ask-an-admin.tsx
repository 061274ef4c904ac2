import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useOrganizationAdmins } from '../api/get-organization-admins';

/**
 * "Please ask Dana Demo (demo@example.com)." — whom a plain user turns to for what only an admin may
 * do (docs/design.md §2). Each admin's address is a mail link.
 */
export function AskAnAdmin() {
  const admins = useOrganizationAdmins();
  const list = admins.data ?? [];
  if (list.length === 0) return null;
  return (
    <Text size="sm" data-testid="organization-admins">
      {list.length === 1 ? 'Your administrator is ' : 'Your administrators are '}
      {list.map((a, i) => (
        <Fragment key={a.email}>
          {i > 0 && (i === list.length - 1 ? ' and ' : ', ')}
          {`${a.firstName} ${a.lastName}`.trim()} (
          <Anchor href={`mailto:${a.email}`} underline="always">
            {a.email}
          </Anchor>
          )
        </Fragment>
      ))}
      .
    </Text>
  );
}
