import type { Page } from '@playwright/test';
import { loginDemo, storedToken } from './support';
import { registerAndVerify, requestPasswordReset } from './support/accounts';
import { judgeScreen } from './support/screen';
import { expect, test, unique } from './support/smtp';

// Every screen of the store, at a desktop's 1280 px and a phone's 390 px: titled as itself, no
// sideways scroll, no axe-core violation, and a screenshot in .screens/ for a person to look at.
// Runs on its own demo server (the mail fixture's), so the purchase it makes touches no other spec.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Judges the screen on show; `title` is its name in the document title (“Checkout – Subscription Store”). */
async function judge(page: Page, width: number, name: string, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page, name).toHaveTitle(`${title} – Subscription Store`);
  // Loaded (no spinner left: each is labelled 'Loading…'), axe-clean, no sideways scroll, photographed.
  await judgeScreen(page, `${width}-${name}`);
}

async function visit(page: Page, width: number, path: string, name: string, title: string) {
  await page.goto(path);
  await judge(page, width, name, title);
}

for (const viewport of WIDTHS) {
  test(`every screen at ${viewport.width} px`, async ({ page, mailServer }) => {
    test.setTimeout(420_000);
    await page.setViewportSize(viewport);
    const { width } = viewport;

    // The cookie notice shows on the first visit, whole, then is dismissed for the rest.
    await page.goto('/catalog');
    const gotIt = page.getByRole('button', { name: 'Got it' });
    await expect(gotIt).toBeInViewport({ ratio: 1 });
    await judge(page, width, 'catalog-cookie-notice', 'Catalog');
    await gotIt.click();

    for (const [path, name, title] of [
      ['/login', 'login', 'Login'],
      ['/register', 'register', 'Register'],
      ['/ForgotPassword', 'forgot-password', 'Forgot Password'],
      ['/catalog', 'catalog', 'Catalog'],
      ['/Products/Pro', 'product', 'Pro'],
      ['/Cart', 'cart-empty', 'Shopping Cart'],
      ['/guide', 'guide', 'Store Guide'],
      ['/privacy', 'privacy', 'Privacy Policy'],
    ] as const)
      await visit(page, width, path, name, title);

    // Verify Email, reached from the registration mail; Set Password, from the reset mail.
    const email = `${unique('screens')}@example.com`;
    await registerAndVerify(page, mailServer, {
      orgName: unique('Screens Co'),
      email,
      password: 'screens-1234',
    });
    await judge(page, width, 'verify-email', 'Verify Email');
    const resetLink = await requestPasswordReset(page, mailServer, email);
    await visit(page, width, resetLink, 'reset-password', 'Set Password');

    // The demo administrator: every signed-in screen, a row of Subscriptions expanded.
    const { person } = await loginDemo(page);
    const token = await storedToken(page);
    const subscriptions = (await (
      await page.request.get('/api/subscription/all', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { subscriptionId: number; description: string }[];
    const idOf = (name: string) => subscriptions.find((s) => s.description === name)?.subscriptionId;
    await visit(page, width, '/Subscriptions', 'subscriptions', 'Subscriptions');
    await page.goto(`/Subscriptions/${idOf('Production Engines')}`);
    await expect(page.getByRole('textbox', { name: 'Subscription Name' })).toBeVisible();
    await judge(page, width, 'subscriptions-expanded', 'Subscriptions');
    for (const [path, name, title] of [
      [`/SubscriptionUsageDetails/${idOf('Flex Reporting')}`, 'usage-details', 'Usage Details'],
      ['/Organization', 'organization', 'Users'],
      [`/Account/${person.personId}`, 'account', 'My Account'],
      ['/CreateAccount', 'add-user', 'Add New User'],
      ['/ModifyBillingInfo', 'billing-info', 'Modify Billing Information'],
      ['/BillingHistory', 'billing-history', 'Billing History'],
      ['/Activity', 'activity', 'Activity'],
      ['/ApiTokens', 'api-tokens', 'API & Webhooks'],
      ['/SingleSignOn', 'single-sign-on', 'Single sign-on'],
    ] as const)
      await visit(page, width, path, name, title);

    // A full cart, checkout and the confirmation of a real purchase.
    await page.goto('/Products/Artist');
    await page.getByLabel('Subscription Name').fill(`Screens at ${width}`);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/Cart$/);
    await judge(page, width, 'cart-full', 'Shopping Cart');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
    await judge(page, width, 'checkout', 'Checkout');
    await page.getByRole('button', { name: 'Confirm Purchase' }).click();
    await expect(page).toHaveURL(/\/confirmed$/);
    await judge(page, width, 'confirmed', 'Order Confirmed');
  });
}
