import { Button } from '@mantine/core';
import { isAdmin } from '@store/core';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';

/** The signed-in user's pages; Manage Users and billing information are the admins' (DESIGN.md §2). */
export function userLinks(user: CurrentUser) {
  const admin = isAdmin(user.person);
  return [
    { to: `/Account/${user.person.personId}`, label: 'My Account' },
    ...(admin
      ? [
          { to: '/Organization', label: 'Manage Users' },
          { to: '/ModifyBillingInfo', label: 'Modify Billing Information' },
          { to: '/Activity', label: 'Activity' },
        ]
      : []),
    { to: '/BillingHistory', label: 'Billing History' },
  ];
}

export function SignInButton() {
  return (
    <Button component={Link} to="/login" variant="filled" color="brand" size="sm">
      Sign In
    </Button>
  );
}
