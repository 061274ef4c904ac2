import { Skeleton } from '@mantine/core';

/**
 * A block the size of what is still loading, named as a progress bar: assistive technology hears that
 * more is coming, and the keyboard journeys wait until nothing is labelled "Loading…".
 */
export function LoadingPlaceholder({ label, h }: { label: string; h: number }) {
  return <Skeleton h={h} role="progressbar" aria-label={label} />;
}
