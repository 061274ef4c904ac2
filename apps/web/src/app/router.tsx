import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { onNavigation } from '../features/alert';
import { useCurrentUser } from '../lib/current-user';
import { loginPathFor, registerNavigator } from '../lib/navigation';
import { AppLoading, AppShell } from './app-shell';
import type { RouteHandle } from './page-title';
import { RequireAdmin } from './require-admin';
import { RequireOperator } from './require-operator';

// The route table of SPEC.md §2, plus /catalog (DESIGN.md §2). Each screen is its own chunk.

type ScreenModule = { default: ComponentType };
/** A screen: its chunk and its name in the document title (app/page-title.tsx). */
const screen = (title: string, load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: (await load()).default }),
});

/** Protected routes send a logged-out visitor to login, remembering where they were going. */
function RequireLogin() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  // Until two-factor sign-in is set up, the Account screen is the only one the server answers.
  const account = `/Account/${user.person.personId}`;
  if (user.twoFactorSetupRequired && location.pathname !== account) return <Navigate to={account} replace />;
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
      { path: 'Cart', ...screen('Shopping Cart', () => import('./routes/cart')) },
      { path: 'Products/:productName', ...screen('Product', () => import('./routes/product')) },
      { path: 'catalog', ...screen('Catalog', () => import('./routes/catalog')) },
      { path: 'login', ...screen('Login', () => import('./routes/login')) },
      { path: 'register', ...screen('Register', () => import('./routes/register')) },
      { path: 'ForgotPassword', ...screen('Forgot Password', () => import('./routes/forgot-password')) },
      { path: 'ResetPassword/:id', ...screen('Set Password', () => import('./routes/reset-password')) },
      // The product's own Store Guide and privacy policy (DESIGN.md §1), unless configured elsewhere.
      { path: 'guide', ...screen('Store Guide', () => import('./routes/guide')) },
      { path: 'privacy', ...screen('Privacy Policy', () => import('./routes/privacy')) },
      { path: 'VerifyEmail/:id', ...screen('Verify Email', () => import('./routes/verify-email')) },

      // Logged in.
      {
        element: <RequireLogin />,
        children: [
          { path: 'Subscriptions', ...screen('Subscriptions', () => import('./routes/subscriptions')) },
          { path: 'Subscriptions/:id', ...screen('Subscriptions', () => import('./routes/subscriptions')) },
          {
            path: 'SubscriptionUsageDetails',
            ...screen('Usage Details', () => import('./routes/usage-details')),
          },
          {
            path: 'SubscriptionUsageDetails/:id',
            ...screen('Usage Details', () => import('./routes/usage-details')),
          },
          { path: 'Account/:id', ...screen('My Account', () => import('./routes/account')) },
          { path: 'BillingHistory', ...screen('Billing History', () => import('./routes/billing-history')) },
          { path: 'checkout', ...screen('Checkout', () => import('./routes/checkout')) },
          { path: 'confirmed', ...screen('Order Confirmed', () => import('./routes/confirmed')) },
          // DESIGN.md §2: users and billing information are the admins'.
          {
            element: <RequireAdmin task="manage users" />,
            children: [
              { path: 'Organization', ...screen('Users', () => import('./routes/organization')) },
              { path: 'CreateAccount', ...screen('Add New User', () => import('./routes/create-account')) },
            ],
          },
          {
            element: <RequireAdmin task="manage billing information" />,
            children: [
              {
                path: 'ModifyBillingInfo',
                ...screen('Modify Billing Information', () => import('./routes/modify-billing-info')),
              },
            ],
          },
          // DESIGN.md §2: the store operator's console, its own chunks, never in a customer's first load.
          {
            path: 'ops',
            element: <RequireOperator />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./routes/ops/layout')).default }),
                children: [
                  { index: true, element: <Navigate to="organizations" replace /> },
                  {
                    path: 'organizations',
                    ...screen('Organizations', () => import('./routes/ops/organizations')),
                  },
                  {
                    path: 'organizations/:organizationId',
                    ...screen('Organization', () => import('./routes/ops/organization')),
                  },
                  { path: 'catalog', ...screen('Catalogue', () => import('./routes/ops/catalog')) },
                  { path: 'bills', ...screen('Bills', () => import('./routes/ops/bills')) },
                  { path: 'bills/:orderId', ...screen('Bill', () => import('./routes/ops/bill')) },
                  {
                    path: 'billing-runs',
                    ...screen('Billing Runs', () => import('./routes/ops/billing-runs')),
                  },
                ],
              },
            ],
          },
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
