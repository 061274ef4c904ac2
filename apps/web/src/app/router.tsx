import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { onNavigation } from '../features/alert';
import { useCurrentUser } from '../lib/current-user';
import { loginPathFor, registerNavigator } from '../lib/navigation';
import { AppLoading, AppShell } from './app-shell';

// The route table of SPEC.md §2, plus /catalog (DESIGN.md §2). Each screen is its own chunk.

type ScreenModule = { default: ComponentType };
const screen = (load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Protected routes send a logged-out visitor to login, remembering where they were going. */
function RequireLogin() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
}

const toSubscriptions = <Navigate to="/Subscriptions" replace />;

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: AppLoading,
    children: [
      // The root is where Continue Shopping leads; like every other unknown path it goes to Subscriptions.
      { index: true, element: toSubscriptions },

      // Public (spec §6: anonymous access).
      { path: 'Cart', ...screen(() => import('./routes/cart')) },
      { path: 'Products/:productName', ...screen(() => import('./routes/product')) },
      { path: 'catalog', ...screen(() => import('./routes/catalog')) },
      { path: 'login', ...screen(() => import('./routes/login')) },
      { path: 'register', ...screen(() => import('./routes/register')) },
      { path: 'ForgotPassword', ...screen(() => import('./routes/forgot-password')) },
      { path: 'ResetPassword/:id', ...screen(() => import('./routes/reset-password')) },
      { path: 'VerifyEmail/:id', ...screen(() => import('./routes/verify-email')) },

      // Logged in.
      {
        element: <RequireLogin />,
        children: [
          { path: 'Subscriptions', ...screen(() => import('./routes/subscriptions')) },
          { path: 'Subscriptions/:id', ...screen(() => import('./routes/subscriptions')) },
          { path: 'SubscriptionUsageDetails', ...screen(() => import('./routes/usage-details')) },
          { path: 'SubscriptionUsageDetails/:id', ...screen(() => import('./routes/usage-details')) },
          { path: 'Organization', ...screen(() => import('./routes/organization')) },
          { path: 'Account/:id', ...screen(() => import('./routes/account')) },
          { path: 'BillingHistory', ...screen(() => import('./routes/billing-history')) },
          { path: 'checkout', ...screen(() => import('./routes/checkout')) },
          { path: 'confirmed', ...screen(() => import('./routes/confirmed')) },
          { path: 'ModifyBillingInfo', ...screen(() => import('./routes/modify-billing-info')) },
          { path: 'CreateAccount', ...screen(() => import('./routes/create-account')) },
        ],
      },

      { path: '*', element: toSubscriptions },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, options) => void router.navigate(to, options));

  // Alerts clear when the location changes (spec §8). Subscribing to the router, rather than an
  // effect in a component, clears before the next screen renders, so that screen may show its own.
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    onNavigation();
  });
  return router;
}
