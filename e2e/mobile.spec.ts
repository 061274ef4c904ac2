import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_COMPANY,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  login,
  storedToken,
} from './support';

// A phone is 390 px wide: no screen scrolls sideways, the nav folds into a menu, wide tables stack or
// scroll in their own frame. Read-only over the demo data.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;
const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Loaded: no spinner left (each is labelled 'Loading…'; progress bars such as the usage meter stay).
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expectNoSidewaysScroll(page, path);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}390-${name}.png`, fullPage: true });
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });
  // Every screen is visited and judged by axe in one test.
  test.describe.configure({ timeout: 240_000 });

  test('public screens fit, and the cookie notice shows all of Got it', async ({ page }) => {
    await page.goto('/catalog');
    const gotIt = page.getByRole('button', { name: 'Got it' });
    await expect(gotIt).toBeVisible();
    const box = await gotIt.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}390-cookie-notice.png` });
    await gotIt.click();
    for (const [path, name] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/ForgotPassword', 'forgot-password'],
      ['/catalog', 'catalog'],
      ['/Products/Pro', 'product'],
      ['/Cart', 'cart'],
      ['/guide', 'guide'],
      ['/privacy', 'privacy'],
    ]) {
      await visit(page, path, name);
    }
  });

  test('the nav folds into a menu that lists every page of the user', async ({ page }) => {
    await login(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const link of [
      'Subscriptions',
      'Store Guide',
      'Shopping Cart',
      'My Account',
      'Manage Users',
      'Billing History',
      'Logout',
    ])
      await expect(drawer.getByRole('link', { name: link })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}390-menu.png` });
    await drawer.getByRole('link', { name: 'Billing History' }).click();
    await expect(page).toHaveURL(/\/BillingHistory$/);
    await expect(drawer).toBeHidden();
  });

  test('signed-in screens fit, the subscriptions stack and the editor opens at full width', async ({
    page,
  }) => {
    const { person } = await login(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);
    await page
      .context()
      .addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: new URL(page.url()).origin }]);
    const token = await storedToken(page);
    const subscriptions = (await (
      await page.request.get('/api/subscription/all', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { subscriptionId: number; description: string }[];
    const flex = subscriptions.find((s) => s.description === 'Flex Reporting');
    const pro = subscriptions.find((s) => s.description === 'Production Engines');
    for (const [path, name] of [
      ['/Subscriptions', 'subscriptions'],
      [`/Subscriptions/${pro?.subscriptionId}`, 'subscription-editor'],
      [`/SubscriptionUsageDetails/${flex?.subscriptionId}`, 'usage-details'],
      ['/SubscriptionUsageDetails', 'usage-none'],
      ['/Organization', 'organization'],
      ['/CreateAccount', 'create-account'],
      ['/ModifyBillingInfo', 'modify-billing-info'],
      ['/BillingHistory', 'billing-history'],
      [`/Account/${person.personId}`, 'account'],
      ['/checkout', 'checkout'],
    ]) {
      await visit(page, path, name);
    }
    await page.goto(`/Subscriptions/${pro?.subscriptionId}`);
    // Stacked: one card per subscription, no seven-column table.
    await expect(page.getByRole('table', { name: 'Subscriptions' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Subscription Name' })).toBeInViewport();
  });
});

test('at 1280 px the usage table shows the current cycle and the total', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await login(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);
  await page
    .context()
    .addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: new URL(page.url()).origin }]);
  const token = await storedToken(page);
  const subscriptions = (await (
    await page.request.get('/api/subscription/all', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { subscriptionId: number; description: string }[];
  const flex = subscriptions.find((s) => s.description === 'Flex Reporting');
  await page.goto(`/SubscriptionUsageDetails/${flex?.subscriptionId}`);
  const table = page.getByRole('table', { name: 'RTUs per host and date range' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The frame opens at its right end: the current cycle and Total are in view, not scrolled away.
  await expect(table.getByText('current', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(table.getByRole('columnheader', { name: 'Total' })).toBeInViewport({ ratio: 1 });
  await expect(table.getByRole('rowheader', { name: 'All hosts' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}1280-usage-details.png`, fullPage: true });
});
