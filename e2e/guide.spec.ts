import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support';

// The Store Guide and the privacy policy are the product's own pages by default (docs/design.md §1).

test('the nav bar’s Store Guide opens the store’s own guide', async ({ page }) => {
  await page.goto('/catalog');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store Guide' }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store Guide');
  for (const section of ['Plans', 'RTUs and usage', 'Billing cycles', 'Licenses', 'Offline use'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the cookie notice’s privacy link opens a policy that names what the store keeps', async ({ page }) => {
  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Read our privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  const kept = page.getByRole('table', { name: 'What the store keeps in your browser' });
  for (const name of ['XSRF-TOKEN', 'cookieconsent_status', 'currentUser', 'cart'])
    await expect(kept.getByRole('cell', { name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
