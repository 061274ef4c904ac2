import { useEffect } from 'react';
import { updateCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { useCurrentOrganization } from '../api/get-current-organization';
import { useCurrentPerson } from '../api/get-current-person';

/**
 * Refreshes the stored person and organization from the server when the app opens, so a name,
 * rights or discount changed elsewhere shows here, and a revoked token (401) logs out at once.
 */
export function SessionSync() {
  const loggedIn = useCurrentUser() !== null;
  const { data: person } = useCurrentPerson(loggedIn);
  const { data: organization } = useCurrentOrganization(loggedIn);

  useEffect(() => {
    if (person) updateCurrentUser({ person });
  }, [person]);

  useEffect(() => {
    if (organization) updateCurrentUser({ organization });
  }, [organization]);

  return null;
}
