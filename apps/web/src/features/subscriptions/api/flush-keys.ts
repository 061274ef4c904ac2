import { FlushKeysResultSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const flushKeys = (subscriptionId: number) =>
  get(`/api/subscription/${subscriptionId}/flush-keys`, { schema: FlushKeysResultSchema });

export function useFlushKeys() {
  return useMutation({ mutationFn: flushKeys });
}
