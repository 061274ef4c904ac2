import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { get } from '../../../lib/http';

// TODO(core): move to @store/core once it exports a schema for GET /api/misc/config.
export const AppConfigSchema = z.object({
  storeGuideUrl: z.string(),
  privacyPolicyUrl: z.string(),
  gateway: z.enum(['stripe', 'sandbox']),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** Used while the config loads or if it cannot be read: the server's own defaults (apps/server config). */
export const DEFAULT_CONFIG: AppConfig = {
  storeGuideUrl: 'https://docs.example.com/store-guide',
  privacyPolicyUrl: 'https://docs.example.com/privacy',
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
