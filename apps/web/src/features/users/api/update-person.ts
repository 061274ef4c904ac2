import { type AccountPerson, AccountPersonSchema, type UpdatePerson } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCurrentUser, updateCurrentUser } from '../../../lib/current-user';
import { post } from '../../../lib/http';
import { personKey } from './get-person';
import { personsKey } from './get-persons';

export const updatePerson = ({ personId, body }: { personId: number; body: UpdatePerson }) =>
  post(`/api/person/update/${personId}`, body, { schema: AccountPersonSchema });

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (person: AccountPerson) => {
      queryClient.setQueryData(personKey(person.personId), person);
      void queryClient.invalidateQueries({ queryKey: personsKey });
      // The nav bar shows the signed-in person's name from the stored user.
      const current = getCurrentUser();
      if (current?.person.personId === person.personId) {
        const { pendingEmail: _pending, ...stored } = person;
        updateCurrentUser({ person: stored });
      }
    },
  });
}
