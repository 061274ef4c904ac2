import { type AppConfig, AppConfigSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

/** Used while the config loads or if it cannot be read: the server's own defaults (apps/server config). */
export const DEFAULT_CONFIG: AppConfig = {
  storeGuideUrl: '/guide',
  privacyPolicyUrl: '/privacy',
  gateway: 'sandbox',
};

export const getConfig = (signal?: AbortSignal) =>
  get('/api/misc/config', { schema: AppConfigSchema, signal });

export const configQueryOptions = queryOptions({
  queryKey: ['misc', 'config'],
  queryFn: ({ signal }) => getConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  // The shell works with the defaults; a failed config read is not the customer's concern.
  meta: { silent: true },
});

export function useConfig(): AppConfig {
  const { data } = useQuery(configQueryOptions);
  return data ?? DEFAULT_CONFIG;
}
