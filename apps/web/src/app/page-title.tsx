import { useEffect, useSyncExternalStore } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';

// Every screen has its own document title ("Checkout – Subscription Store") so that tabs, history and
// screen readers tell the pages apart. The route table names each screen (handle.title); a screen
// whose name comes from its data (a product page) refines it with usePageTitle. One mechanism: the
// DocumentTitle component below is the only writer of document.title.

export const STORE_NAME = 'Subscription Store';

export interface RouteHandle {
  title?: string;
}

let refined: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setRefined = (title: string | null) => {
  refined = title;
  for (const listener of listeners) listener();
};

/** A screen's own, data-dependent title (e.g. the product's name); undefined keeps the route's. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    setRefined(title);
    return () => setRefined(null);
  }, [title]);
}

export function pageTitle(screen: string | undefined): string {
  return screen ? `${screen} – ${STORE_NAME}` : STORE_NAME;
}

export function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const matches = matchRoutes(routes, useLocation()) ?? [];
  const own = useSyncExternalStore(subscribe, () => refined);
  const routeTitle = [...matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = pageTitle(own ?? routeTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
