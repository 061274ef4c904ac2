import { expect, test } from '@playwright/test';

// The route table of docs/spec.md §2 and its guards, seen by a visitor who is not signed in.

test('an unknown path goes to Subscriptions, which sends a visitor to login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2FSubscriptions$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

for (const path of [
  '/Subscriptions/12',
  '/SubscriptionUsageDetails/3',
  '/Organization',
  '/Account/1',
  '/BillingHistory',
  '/checkout',
  '/confirmed',
  '/ModifyBillingInfo?returnUrl=%2Fcheckout',
  '/CreateAccount',
]) {
  test(`protected ${path} redirects to login with its returnUrl`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === path,
    );
  });
}

// Later issues fill these screens in, so only the route is asserted here, not the content.
for (const path of [
  '/Cart',
  '/Products/Pro',
  '/catalog',
  '/register',
  '/ForgotPassword',
  '/ResetPassword/abc',
  '/VerifyEmail/abc',
]) {
  test(`public ${path} stays`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page).toHaveURL(path);
  });
}
