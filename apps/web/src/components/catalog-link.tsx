import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way to the store from a screen with nothing to show yet: every empty state offers it. */
export function CatalogLink({ children = 'Browse the catalog' }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to="/catalog">
      {children}
    </Anchor>
  );
}
