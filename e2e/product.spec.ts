import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support';

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

// The Products/{productName} screen (docs/spec.md §2), as a visitor who is not signed in.

test.describe('Product screen', () => {
  test.describe.configure({ timeout: 60_000 });
  test('Pro: engine and designer costs, monthly and annual, row selection, engines default 1', async ({
    page,
  }) => {
    await page.goto('/Products/Pro');
    await expect(page.getByRole('heading', { level: 1, name: 'Pro' })).toBeVisible();
    const table = page.getByTestId('pricing-table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Level',
      'Designer Monthly Cost',
      'Engine Monthly Cost',
    ]);
    await expect(table.getByRole('row').nth(1)).toContainText('$250.00');
    await page.getByText('Annual', { exact: true }).click();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Level',
      'Designer Annual Cost',
      'Engine Annual Cost',
    ]);
    await expect(table.getByRole('row').nth(1)).toContainText('$3,000.00');

    // The first plan is selected; clicking a row selects and highlights it, and the form follows.
    await expect(table.getByRole('row').nth(1)).toHaveAttribute('data-selected', 'true');
    await table.getByRole('row', { name: /Pro Business/ }).click();
    await expect(table.getByRole('row', { name: /Pro Business/ })).toHaveAttribute('data-selected', 'true');
    await expect(page.getByLabel('Pricing Plan')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Pricing Plan').locator('option:checked')).toHaveText('Pro Business');
    await expect(page.getByLabel('Number Of Engines')).toHaveValue('1');
    await expect(page.getByLabel('Number Of Designers')).toBeVisible();
    await expect(page.getByLabel('Additional Designers')).toHaveCount(0);
    // Anonymous: every cycle is offered, annual first.
    await expect(page.getByLabel('Billing Cycle').locator('option')).toHaveText([
      'Annually (save 10%)',
      'Quarterly (save 5%)',
      'Monthly',
    ]);
    // (450 × 1) × 12 × 0.9 = 4,860.00 a year
    await expect(page.getByTestId('form-total')).toHaveText('$4,860.00 / year');
    await page.getByLabel('Number Of Engines').fill('2');
    await page.getByLabel('Number Of Designers').fill('1');
    await expect(page.getByTestId('form-total')).toHaveText('$10,152.00 / year');
    await page.getByLabel('Billing Cycle').selectOption({ label: 'Monthly' });
    await expect(page.getByTestId('form-total')).toHaveText('$940.00 / month');
    await page.getByText('Monthly', { exact: true }).first().click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}product-pro.png`, fullPage: true });
  });

  test('Flex: pages, overages, designers, extra designer cost; additional designers shown', async ({
    page,
  }) => {
    await page.goto('/Products/Flex');
    const table = page.getByTestId('pricing-table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Level',
      'Pages / month',
      'Overages',
      'Designers',
      'Extra Designer Monthly Cost',
      'Base Monthly Cost',
    ]);
    await expect(table.getByRole('row').nth(1)).toContainText('2,500');
    await expect(table.getByRole('row').nth(1)).toContainText('$0.08 / page');
    await page.getByText('Annual', { exact: true }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('30,000');
    await expect(page.getByLabel('Additional Designers')).toBeVisible();
    await expect(page.getByLabel('Number Of Engines')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}product-flex.png`, fullPage: true });
  });

  test('Artist: pages, overages and base cost; no designers fields', async ({ page }) => {
    await page.goto('/Products/Artist');
    const table = page.getByTestId('pricing-table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Level',
      'Pages / month',
      'Overages',
      'Base Monthly Cost',
    ]);
    await expect(page.getByLabel('Additional Designers')).toHaveCount(0);
    await expect(page.getByLabel('Number Of Designers')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}product-artist.png`, fullPage: true });
  });

  test('terms not agreed: every field is marked and nothing is added', async ({ page }) => {
    await page.goto('/Products/Artist');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-valid', 'false');
    await page.getByLabel('Subscription Name').fill('Design team');
    await page.getByLabel('Max Overages').fill('12.345');
    await page.getByLabel('Max Overages').blur();
    await expect(page.getByLabel('Max Overages')).toHaveValue('$12.35');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.getByText('You must agree to the terms of service before purchasing this subscription.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/Products\/Artist$/);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  });

  test('a minus sign never flips a number: below the minimum is a message; overages round to cents', async ({
    page,
  }) => {
    await page.goto('/Products/Flex');
    const overages = page.getByLabel('Max Overages');
    await overages.fill('302.999');
    await overages.blur();
    await expect(overages).toHaveValue('$303.00');
    await overages.fill('-5');
    await expect(page.getByText('Max overages must be at least 0')).toBeVisible();
    await page.getByLabel('Additional Designers').fill('-3');
    await expect(page.getByText('Additional designers must be at least 0')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-valid', 'false');
  });

  test('the number fields: separators while typing, the arrow keys and step buttons, the minimum when left', async ({
    page,
  }) => {
    await page.goto('/Products/Pro');
    const overages = page.getByLabel('Max Overages');
    await overages.fill('1234');
    await expect(overages).toHaveValue('$1,234');
    // A digit typed right after the "$" regroups the thousands; the caret stays after it.
    await overages.press('Home');
    await overages.press('ArrowRight');
    await page.keyboard.type('5');
    await expect(overages).toHaveValue('$51,234');
    expect(await overages.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(2);
    await page.keyboard.type('x');
    await expect(overages).toHaveValue('$51,234');
    await page.keyboard.press('ArrowUp');
    await expect(overages).toHaveValue('$51,234.01');

    const engines = page.getByLabel('Number Of Engines');
    await engines.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(engines).toHaveValue('3');
    // (250 × 3) × 12 × 0.9 a year
    await expect(page.getByTestId('form-total')).toHaveText('$8,100.00 / year');
    // The step buttons are for the pointer; the field keeps the focus.
    await engines.locator('xpath=../..').locator('button').last().click();
    await expect(engines).toHaveValue('2');
    await expect(engines).toBeFocused();
    await engines.fill('0');
    await engines.blur();
    await expect(engines).toHaveValue('1');
  });

  test('while the order form is still on its way, its place says so', async ({ page }) => {
    // The form is a chunk of its own, asked for after the plans are painted: held here until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/product-form-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/Products/Flex');
    const placeholder = page.getByRole('progressbar', { name: 'Loading the order form' });
    await expect(placeholder).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    await expect(page.getByLabel('Subscription Name')).toBeVisible();
    await expect(placeholder).toHaveCount(0);
  });

  test('the EULA opens in a modal with a Close button', async ({ page }) => {
    await page.goto('/Products/Pro');
    const eula = page.waitForResponse((r) => r.url().includes('/api/product/eula/'));
    await page.getByRole('button', { name: 'terms of service' }).click();
    expect((await eula).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'End-User License Agreement' });
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('an unknown product shows a clear not-found state', async ({ page }) => {
    await page.goto('/Products/Nope');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse all products' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
    await page.getByRole('link', { name: 'See plans of Flex' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flex' })).toBeVisible();
  });
});
