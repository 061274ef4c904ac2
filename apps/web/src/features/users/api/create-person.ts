import { AccountPersonSchema, type CreatePerson } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { personsKey } from './get-persons';

export const createPerson = (body: CreatePerson) =>
  post('/api/person/create', body, { schema: AccountPersonSchema });

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKey }),
  });
}
