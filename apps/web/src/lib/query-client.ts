import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
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

/**
 * Shows a failed call's message. `action` is true for a failed mutation: it answers something the
 * person did, so focus goes to the message (lib/focus.ts). The app hands in the alert banner's.
 */
export type ShowError = (text: string, action: boolean) => void;

export function createQueryClient(showError: ShowError): QueryClient {
  const report = (error: unknown, action: boolean) => {
    console.warn(error);
    showError(errorText(error), action);
  };
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
