import { Button } from '@mantine/core';
import { ApiTokenMessages, isAdmin, isOperator, SsoMessages } from '@store/core';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';

/**
 * The signed-in user's pages; Manage Users, billing information, Activity and API & Webhooks are the admins', the
 * operator console the operators' (docs/design.md §2).
 */
export function userLinks(user: CurrentUser) {
  const admin = isAdmin(user.person);
  return [
    { to: `/Account/${user.person.personId}`, label: 'My Account' },
    ...(admin
      ? [
          { to: '/Organization', label: 'Manage Users' },
          { to: '/ModifyBillingInfo', label: 'Modify Billing Information' },
          { to: '/Activity', label: 'Activity' },
          { to: '/ApiTokens', label: ApiTokenMessages.menuItem },
          { to: '/SingleSignOn', label: SsoMessages.menuItem },
        ]
      : []),
    { to: '/BillingHistory', label: 'Billing History' },
    ...(isOperator(user.person) ? [{ to: '/ops', label: 'Operator console' }] : []),
  ];
}

export function SignInButton() {
  return (
    <Button component={Link} to="/login" variant="filled" color="brand" size="sm">
      Sign In
    </Button>
  );
}
