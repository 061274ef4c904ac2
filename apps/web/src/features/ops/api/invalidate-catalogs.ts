import type { QueryClient } from '@tanstack/react-query';
import { opsKeys } from './keys';

/** A product or plan change shows in the console and in the customers' catalogue alike. */
export const invalidateCatalogs = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: opsKeys.catalog }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);
