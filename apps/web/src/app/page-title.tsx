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

/** The operator console names itself in every title, so its tabs are never taken for the shop's. */
export const CONSOLE_NAME = 'Operator Console';

export function pageTitle(screen: string | undefined, inConsole = false): string {
  const site = inConsole ? `${CONSOLE_NAME} – ${STORE_NAME}` : STORE_NAME;
  return screen ? `${screen} – ${site}` : site;
}

export function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const own = useSyncExternalStore(subscribe, () => refined);
  const routeTitle = [...matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = pageTitle(own ?? routeTitle, /^\/ops(\/|$)/.test(location.pathname));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
