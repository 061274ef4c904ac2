import { lazy } from 'react';

/**
 * Stands in for Mantine's ScrollArea where Table.ScrollContainer imports it (see vite.config.ts): the
 * same component, loaded when first needed, so screens whose tables do not scroll leave it out.
 */
let loading: Promise<{ default: typeof import('@mantine/core').ScrollArea }> | undefined;

/** Starts loading the scroll area; a table that scrolls calls it when its module loads. */
export function loadScrollArea() {
  loading ??= import('@mantine/core').then(({ ScrollArea }) => ({ default: ScrollArea }));
  return loading;
}

export const ScrollArea = lazy(loadScrollArea);
