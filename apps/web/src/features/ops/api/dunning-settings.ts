import { type DunningSettings, DunningSettingsSchema } from '@store/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../../../lib/http';
import { opsKeys } from './keys';

// The console's Dunning screen (docs/decisions/042): the retry schedule and reminders, read and saved.

export const getDunningSettings = (signal?: AbortSignal) =>
  get('/api/ops/dunning', { schema: DunningSettingsSchema, signal });

export function useDunningSettings() {
  return useQuery({ queryKey: opsKeys.dunning, queryFn: ({ signal }) => getDunningSettings(signal) });
}

export const saveDunningSettings = (settings: DunningSettings) =>
  put('/api/ops/dunning', settings, { schema: DunningSettingsSchema });

export function useSaveDunningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDunningSettings,
    onSuccess: (saved) => queryClient.setQueryData(opsKeys.dunning, saved),
  });
}
