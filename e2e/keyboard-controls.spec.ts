import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD, expectNoAxeViolations } from './support';
import { expectFocused, signInByKeyboard, tabTo } from './support/keyboard';

// Controls by keyboard alone: the skip link, the pricing table's rows, a field showing an error,
// and the notes and messages a screen reader hears. (Escape in an Account field and the announced
// success message: keyboard-focus.spec.ts.)

const screenshot = (name: string) => path.join(import.meta.dirname, '..', '.screens', `${name}.png`);

test('the skip link is the first Tab stop on /login and leads to the main content', async ({ page }) => {
  await page.goto('/login');
  // The app renders in a task after its modules load: a Tab pressed before that lands on the body.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expectFocused(page, skip, 'the first Tab');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('main'), 'Enter on the skip link');
  await page.keyboard.press('Tab');
  await expectFocused(page, page.getByLabel('Email'), 'Tab from the main content');
});

for (const width of [1280, 390]) {
  test(`pricing rows at ${width} px are a radio group: Tab reaches the chosen plan, arrows choose another`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Products/Flex');
    const plans = page.getByRole('radio');
    await expect(plans.first()).toBeVisible();
    const names = await plans.evaluateAll((radios) =>
      radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    );
    expect(names.length).toBeGreaterThan(1);
    await expect(page.getByText(/click a row/i)).toHaveCount(0);

    const first = page.getByRole('radio', { name: names[0]!, exact: true });
    const second = page.getByRole('radio', { name: names[1]!, exact: true });
    await expect(first).toBeChecked();
    await tabTo(page, first);
    await page.keyboard.press('ArrowDown');
    await expectFocused(page, second, 'ArrowDown on the chosen plan');
    await expect(second).toBeChecked();
    await expect(first).not.toBeChecked();
    await expect(page.getByLabel('Pricing Plan').locator('option:checked')).toHaveText(names[1]!);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshot(`keyboard-pricing-radio-${width}`) });
  });
}

/** How the field looks: what a focus ring or border changes. */
const look = (field: Locator) =>
  field.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join(' ');
  });

test('a field that shows an error still shows where focus is', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await tabTo(page, email);
  // Left empty: 'Email is required' shows under it.
  await page.keyboard.press('Tab');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const blurred = await look(email);
  await page.keyboard.press('Shift+Tab');
  await expectFocused(page, email, 'Shift+Tab back to the field');
  expect(await look(email), 'the focused field with an error looks as when it had no focus').not.toBe(
    blurred,
  );
  await page.screenshot({
    path: screenshot('keyboard-field-error-focus'),
    clip: { x: 0, y: 0, width: 1280, height: 520 },
  });
});

test('the sandbox card note is a note, not an alert', async ({ page }) => {
  await signInByKeyboard(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);
  await tabTo(page, page.getByRole('button', { name: 'Dana Demo' }), { back: true });
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Modify Billing Information' });
  await expectFocused(page, page.getByRole('menuitem', { name: 'My Account' }), 'opening the menu');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await expectFocused(page, item, 'ArrowDown twice');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ModifyBillingInfo/);
  const note = page.getByText('Test mode: no real card is charged.');
  await expect(note).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Test mode' })).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: 'Test mode' })).toBeVisible();
});
