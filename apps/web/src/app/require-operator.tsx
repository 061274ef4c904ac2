import { isOperator } from '@store/core';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../lib/current-user';

/**
 * The operator console exists only for operators (docs/design.md §2). For anyone else /ops is a path the
 * app does not have, so it goes where every unknown path goes (docs/spec.md §2: to Subscriptions), the
 * client-side counterpart of the server's 404 to them.
 */
export function RequireOperator() {
  const user = useCurrentUser();
  if (!user || !isOperator(user.person)) return <Navigate to="/Subscriptions" replace />;
  return <Outlet />;
}
