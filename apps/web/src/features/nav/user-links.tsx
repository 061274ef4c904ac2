import { Button } from '@mantine/core';
import { ApiTokenScreenName, hasRole, isOperator, type Role, SsoScreenName } from '@store/core';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';

/**
 * The signed-in user's pages, each shown to those whose role opens it (docs/design.md §5a): Manage Users
 * and Activity the admins', billing the Billing role's, API & Webhooks the Developer role's; the
 * operator console the operators'.
 */
export function userLinks(user: CurrentUser) {
  const may = (role: Role) => hasRole(user.person, role);
  return [
    { to: `/Account/${user.person.personId}`, label: 'My Account' },
    ...(may('admin') ? [{ to: '/Organization', label: 'Manage Users' }] : []),
    ...(may('billing') ? [{ to: '/ModifyBillingInfo', label: 'Modify Billing Information' }] : []),
    ...(may('admin') ? [{ to: '/Activity', label: 'Activity' }] : []),
    ...(may('developer') ? [{ to: '/ApiTokens', label: ApiTokenScreenName.menuItem }] : []),
    ...(may('admin') ? [{ to: '/SingleSignOn', label: SsoScreenName.menuItem }] : []),
    ...(may('billing') ? [{ to: '/BillingHistory', label: 'Billing History' }] : []),
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
