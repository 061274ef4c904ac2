import { DeletePersonResponseSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { personsKey } from './get-persons';

export const deletePerson = (personId: number) =>
  del(`/api/person/${personId}`, { schema: DeletePersonResponseSchema });

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKey }),
  });
}
