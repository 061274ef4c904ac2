import { useLayoutEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router, useRoutes } from 'react-router';
import { onNavigation } from '../features/alert';
import { registerNavigator } from '../lib/navigation';
import { DocumentTitle } from './page-title';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './router';
import { ScreenFocus } from './screen-focus';

// React Router's declarative router over the browser's history, as its BrowserRouter is, with the
// history in reach: code outside React navigates through it (lib/navigation.ts), and alerts clear
// when it moves (spec §8), before the next screen renders, so that screen may show its own. The
// document title and the keyboard focus follow the screen shown (page-title.tsx, screen-focus.tsx).

const history = createBrowserHistory({ v5Compat: true });
registerNavigator((to, options) => (options?.replace ? history.replace(to) : history.push(to)));

function Screens() {
  return useRoutes(routes);
}

export function AppRouter() {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        onNavigation();
        setState(update);
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <DocumentTitle routes={routes} />
      <ScreenFocus routes={routes} />
      <RouteErrorBoundary locationKey={state.location.key}>
        <Screens />
      </RouteErrorBoundary>
    </Router>
  );
}
