import { ApiTokenScreenName, SsoScreenName } from '@store/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { loginPathFor } from '../lib/navigation';
import { AppShell, PageLoader } from './app-shell';
import type { RouteHandle } from './page-title';
import { RequireOperator } from './require-operator';
import { RequireRole } from './require-role';

// The route table of docs/spec.md §2, plus /catalog (docs/design.md §2). Each screen is its own chunk, shown
// in the shell with a loader until it has arrived (docs/decisions/020: React Router's declarative
// routes, whose share of a first visit is half the data router's).

type ScreenModule = { default: ComponentType };
type Load = () => Promise<ScreenModule>;
/** A chunk's component, one per loader, so the two paths of one screen keep it mounted between them. */
const chunks = new Map<Load, ComponentType>();
function chunk(load: Load): ComponentType {
  let Chunk = chunks.get(load);
  if (!Chunk) {
    const Component = lazy(load);
    Chunk = () => (
      <Suspense fallback={<PageLoader />}>
        <Component />
      </Suspense>
    );
    chunks.set(load, Chunk);
  }
  return Chunk;
}
/** A screen: its chunk and its name in the document title (app/page-title.tsx). */
const screen = (title: string, load: Load): Pick<RouteObject, 'element' | 'handle'> => {
  const Screen = chunk(load);
  return { handle: { title } satisfies RouteHandle, element: <Screen /> };
};

const subscriptions = () => import('./routes/subscriptions');
const usageDetails = () => import('./routes/usage-details');
const OpsLayout = chunk(() => import('./routes/ops/layout'));
// The console's header replaces the shop's (docs/decisions/032); its own chunk, never in a customer's load.
const OpsHeader = lazy(() => import('./routes/ops/header'));
const opsHeader = (
  <Suspense fallback={null}>
    <OpsHeader />
  </Suspense>
);

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

/** The root: a visitor sees what the store sells, a signed-in customer their subscriptions. */
function Home() {
  return <Navigate to={useCurrentUser() ? '/Subscriptions' : '/catalog'} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      // The root is where Continue Shopping leads: the catalogue for a visitor (a login screen would
      // hide the store from a new customer), Subscriptions once signed in.
      { index: true, element: <Home /> },

      // Public (spec §6: anonymous access).
      { path: 'Cart', ...screen('Shopping Cart', () => import('./routes/cart')) },
      { path: 'Products/:productName', ...screen('Product', () => import('./routes/product')) },
      { path: 'catalog', ...screen('Catalog', () => import('./routes/catalog')) },
      { path: 'login', ...screen('Login', () => import('./routes/login')) },
      { path: 'register', ...screen('Register', () => import('./routes/register')) },
      { path: 'ForgotPassword', ...screen('Forgot Password', () => import('./routes/forgot-password')) },
      { path: 'ResetPassword/:id', ...screen('Set Password', () => import('./routes/reset-password')) },
      // The product's own Store Guide and privacy policy (docs/design.md §1), unless configured elsewhere.
      { path: 'guide', ...screen('Store Guide', () => import('./routes/guide')) },
      { path: 'privacy', ...screen('Privacy Policy', () => import('./routes/privacy')) },
      { path: 'VerifyEmail/:id', ...screen('Verify Email', () => import('./routes/verify-email')) },
      // docs/decisions/036: where single sign-on lands, signed in or told why not.
      { path: 'sso', ...screen('Single sign-on', () => import('./routes/sso')) },

      // Logged in.
      {
        element: <RequireLogin />,
        children: [
          { path: 'Subscriptions', ...screen('Subscriptions', subscriptions) },
          { path: 'Subscriptions/:id', ...screen('Subscriptions', subscriptions) },
          {
            path: 'SubscriptionUsageDetails',
            ...screen('Usage Details', usageDetails),
          },
          {
            path: 'SubscriptionUsageDetails/:id',
            ...screen('Usage Details', usageDetails),
          },
          { path: 'Account/:id', ...screen('My Account', () => import('./routes/account')) },
          { path: 'checkout', ...screen('Checkout', () => import('./routes/checkout')) },
          { path: 'confirmed', ...screen('Order Confirmed', () => import('./routes/confirmed')) },
          // docs/design.md §5a: each screen below is one role's (docs/decisions/033).
          {
            element: <RequireRole needs="admin" task="manage users" />,
            children: [
              { path: 'Organization', ...screen('Users', () => import('./routes/organization')) },
              { path: 'CreateAccount', ...screen('Add New User', () => import('./routes/create-account')) },
            ],
          },
          {
            element: <RequireRole needs="admin" task="see the organization's activity" />,
            children: [{ path: 'Activity', ...screen('Activity', () => import('./routes/activity')) }],
          },
          // docs/decisions/026: the organization's API tokens.
          {
            element: <RequireRole needs="developer" task="manage the organization's API tokens" />,
            children: [
              {
                path: 'ApiTokens',
                ...screen(ApiTokenScreenName.heading, () => import('./routes/api-tokens')),
              },
            ],
          },
          // docs/decisions/036: the organization's single sign-on and claimed domains.
          {
            element: <RequireRole needs="admin" task="set up single sign-on" />,
            children: [
              {
                path: 'SingleSignOn',
                ...screen(SsoScreenName.heading, () => import('./routes/single-sign-on')),
              },
            ],
          },
          {
            element: <RequireRole needs="billing" task="manage billing information" />,
            children: [
              {
                path: 'ModifyBillingInfo',
                ...screen('Modify Billing Information', () => import('./routes/modify-billing-info')),
              },
              {
                path: 'BillingHistory',
                ...screen('Billing History', () => import('./routes/billing-history')),
              },
              // docs/decisions/024: bills paid with the admin present (3-D Secure); the renewal mail's link.
              { path: 'PayBills', ...screen('Pay Bills', () => import('./routes/pay-bills')) },
            ],
          },
        ],
      },

      { path: '*', element: toSubscriptions },
    ],
  },
  // docs/design.md §2: the store operator's console, its own chunks, never in a customer's first load;
  // in a page of its own with the console's header (docs/decisions/032).
  {
    path: 'ops',
    element: <AppShell header={opsHeader} wide />,
    children: [
      {
        element: <RequireLogin />,
        children: [
          {
            element: <RequireOperator />,
            children: [
              {
                element: <OpsLayout />,
                children: [
                  { index: true, ...screen('Dashboard', () => import('./routes/ops/dashboard')) },
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
                  { path: 'disputes', ...screen('Disputes', () => import('./routes/ops/disputes')) },
                  {
                    path: 'promotions',
                    ...screen('Promotion Codes', () => import('./routes/ops/promotions')),
                  },
                  {
                    path: 'cancellations',
                    ...screen('Cancellation Reasons', () => import('./routes/ops/cancellations')),
                  },
                  {
                    path: 'billing-runs',
                    ...screen('Billing Runs', () => import('./routes/ops/billing-runs')),
                  },
                  { path: 'audit', ...screen('Audit Log', () => import('./routes/ops/audit')) },
                  { path: 'reconcile', ...screen('Reconcile', () => import('./routes/ops/reconcile')) },
                  { path: 'dunning', ...screen('Dunning', () => import('./routes/ops/dunning')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
