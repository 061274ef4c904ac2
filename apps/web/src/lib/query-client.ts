import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showAlert } from '../features/alert';
import { HttpError } from './http';

declare module '@tanstack/react-query' {
  interface Register {
    // Spec §7: the current-user, EULA and current-organization calls fail silently.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** A failed mutation answers something the person did: focus goes to the message (lib/focus.ts). */
function report(error: unknown, action: boolean): void {
  console.warn(error);
  showAlert({ type: 'error', text: errorText(error), focus: action });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Spec §8: every failed call shows its message in the alert banner, in one place.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) report(error, false);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) report(error, true);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; one retry smooths over a dropped connection.
        retry: (failureCount, error) =>
          failureCount < 1 && (!(error instanceof HttpError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
