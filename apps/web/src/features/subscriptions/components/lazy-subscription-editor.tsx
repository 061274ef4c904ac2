import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SubscriptionEditorProps } from './subscription-editor';

// The editor (its form inputs, dropdowns, dialogs and panels) is a chunk of its own, loaded when a
// row is first opened: the list shows without it.
const Editor = lazy(async () => ({ default: (await import('./subscription-editor')).SubscriptionEditor }));

/** The detail row of the Subscriptions screen, loaded on first use (see subscription-editor). */
export function SubscriptionEditor(props: SubscriptionEditorProps) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" aria-label="Loading subscription" />
        </Center>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
