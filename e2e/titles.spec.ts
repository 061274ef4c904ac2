import { expect, test } from '@playwright/test';
import { loginDemo } from './support';

// Every screen names itself in the document title, so tabs, history and screen readers tell them apart.

// Many screens per test, on a shared machine.
test.describe.configure({ timeout: 180_000 });

test('public screens have their own titles', async ({ page }) => {
  for (const [path, title] of [
    ['/login', 'Login – Subscription Store'],
    ['/register', 'Register – Subscription Store'],
    ['/ForgotPassword', 'Forgot Password – Subscription Store'],
    ['/catalog', 'Catalog – Subscription Store'],
    ['/Cart', 'Shopping Cart – Subscription Store'],
    ['/guide', 'Store Guide – Subscription Store'],
    ['/privacy', 'Privacy Policy – Subscription Store'],
    // A product page is titled with the product's name, not its address.
    ['/Products/JavaEngine', 'Java Engine – Subscription Store'],
    ['/Products/NoSuchThing', 'Product not found – Subscription Store'],
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('signed-in screens have their own titles', async ({ page }) => {
  const { person } = await loginDemo(page);
  for (const [path, title] of [
    ['/Subscriptions', 'Subscriptions – Subscription Store'],
    ['/SubscriptionUsageDetails', 'Usage Details – Subscription Store'],
    ['/Organization', 'Users – Subscription Store'],
    ['/CreateAccount', 'Add New User – Subscription Store'],
    ['/ModifyBillingInfo', 'Modify Billing Information – Subscription Store'],
    ['/BillingHistory', 'Billing History – Subscription Store'],
    ['/Activity', 'Activity – Subscription Store'],
    [`/Account/${person.personId}`, 'My Account – Subscription Store'],
    ['/checkout', 'Checkout – Subscription Store'],
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  // Leaving a product page gives the next screen its own title back.
  await page.goto('/Products/Artist');
  await expect(page).toHaveTitle('Artist – Subscription Store');
  await page.getByRole('link', { name: 'Subscriptions', exact: true }).first().click();
  await expect(page).toHaveTitle('Subscriptions – Subscription Store');
});
