import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for @floating-ui/react's useMergeRefs where Mantine's ScrollArea imports it (see
 * vite.config.ts): the same merged ref callback, from the hook Mantine ships for it.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
