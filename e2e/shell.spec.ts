import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginDemo, signIn } from './support';

// The app shell: cookie notice, nav bar and its signed-in menu (docs/spec.md §2 "Navigation bar and banners").

/** The signed-in menu as the demo admin sees it: every item, in the order shown. */
const ADMIN_MENU = [
  'My Account',
  'Manage Users',
  'Modify Billing Information',
  'Activity',
  'API & Webhooks',
  'Single sign-on',
  'Billing History',
  'Logout',
];

test('the cookie notice slides in, links the privacy policy, and stays dismissed across reloads', async ({
  page,
  context,
}) => {
  const config = await (await page.request.get('/api/misc/config')).json();
  await page.goto('/Cart');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('cookies');
  await expect(notice.getByRole('link', { name: /privacy policy/i })).toHaveAttribute(
    'href',
    config.privacyPolicyUrl,
  );

  await notice.getByRole('button', { name: 'Got it' }).click();
  // The slide-out takes 1000 ms (spec §9).
  await expect(notice).toBeHidden({ timeout: 3000 });

  const cookie = (await context.cookies()).find((c) => c.name === 'cookieconsent_status');
  expect(cookie?.value).toBe('dismiss');
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThanOrEqual(365);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('a visitor sees Subscriptions, Store Guide, Shopping Cart with its count, and Sign In', async ({
  page,
}) => {
  const config = await (await page.request.get('/api/misc/config')).json();
  await page.goto('/Cart');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/Subscriptions');
  const guide = nav.getByRole('link', { name: /Store Guide/ });
  await expect(guide).toHaveAttribute('href', config.storeGuideUrl);
  // The product's own guide (the default, docs/design.md §1) opens in the app; one elsewhere in a new tab.
  await expect(guide).not.toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: /Shopping Cart\s*0 items/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

  // The badge reads the cart kept in local storage (spec §3); items are built from a real plan so the
  // cart can price them.
  const [plan] = await (await page.request.get('/api/product/plans_for_product/Pro')).json();
  const item = (id: string) => ({
    id,
    pricingPlan: plan,
    name: `Badge test ${id}`,
    maxOverages: 0,
    extraDesigners: 0,
    numberOfMachines: 1,
    billingCycle: {
      mode: 3,
      monthsPerCycle: 12,
      displayPeriod: 'year',
      cycleName: 'Annually',
      billingModeDiscount: 0,
    },
    orgDiscount: 0,
    total: plan.monthlyFee * 12,
  });
  const cart = { items: [item('a'), item('b')], total: plan.monthlyFee * 24 };
  await page.evaluate((value) => window.localStorage.setItem('cart', JSON.stringify(value)), cart);
  await page.reload();
  await expect(nav.getByRole('link', { name: /Shopping Cart\s*2 items/ })).toBeVisible();
});

test('the signed-in menu offers the account items by keyboard, admin items included', async ({ page }) => {
  const { person } = await loginDemo(page);
  expect(person.rights & 2).toBe(2);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  const menuButton = page.getByRole('button', { name: `${person.firstName} ${person.lastName}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveText(ADMIN_MENU);
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toHaveAttribute(
    'href',
    `/Account/${person.personId}`,
  );
  await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toHaveAttribute('href', '/Organization');
  await expect(page.getByRole('menuitem', { name: 'Modify Billing Information' })).toHaveAttribute(
    'href',
    '/ModifyBillingInfo',
  );
  await expect(page.getByRole('menuitem', { name: 'Billing History' })).toHaveAttribute(
    'href',
    '/BillingHistory',
  );

  await page.getByRole('menuitem', { name: 'Billing History' }).click();
  await expect(page).toHaveURL('/BillingHistory');
});

test('a plain user sees no admin items', async ({ page }) => {
  const { person } = await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD });
  expect(person.rights & 2).toBe(0);
  await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
  // Billing History is the Billing role's (docs/decisions/033).
  await expect(page.getByRole('menuitem')).toHaveText(['My Account', 'Logout']);
});

test('alerts clear on navigation', async ({ page }) => {
  await page.goto('/login');
  // Not the demo admin: their failed sign-ins count towards the throttle every spec shares.
  await page.getByLabel('Email').fill('no-such-person@example.com');
  await page.getByLabel('Password').fill('wrong-password-here');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL('/ForgotPassword');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
