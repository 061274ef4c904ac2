import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations } from './support';
import { describeFocus, expectFocused, signInByKeyboard, tabTo } from './support/keyboard';

// The terms-of-service dialog of the product form and the user menu, by keyboard alone: where focus
// goes when they open and close, what Tab and Escape do, and axe-core on each while it is open.

const screenshot = (name: string) => path.join(import.meta.dirname, '..', '.screens', `${name}.png`);
const PLAIN_USER = 'jane.miller@example.com';

/** Whether focus is inside the element (a dialog, a menu). */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

for (const width of [1280, 390]) {
  test(`the terms dialog at ${width} px: one named Close button, Escape closes, focus returns to its link every time`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/Products/Flex');
    const terms = page.getByRole('button', { name: 'terms of service' });
    await tabTo(page, terms, { max: 60 });
    const dialog = page.getByRole('dialog', { name: 'End-User License Agreement' });

    for (const time of ['first', 'second']) {
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expectFocused(page, dialog.getByRole('button', { name: 'Close' }), `opening it the ${time} time`);
      if (time === 'first') {
        await expect(dialog.locator('iframe')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: screenshot(`keyboard-terms-dialog-${width}`) });
        // Tab goes round the dialog's controls; the PDF, which would keep every key, is never one of them.
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press('Tab');
          const where = await describeFocus(page);
          expect(await focusInside(page, '[role=dialog]'), `Tab ${i + 1} left the dialog for ${where}`).toBe(
            true,
          );
          expect(where, `Tab ${i + 1}`).not.toMatch(/^<(iframe|object|embed)/);
        }
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expectFocused(page, terms, `closing it the ${time} time`);
    }
  });
}

test('the terms dialog closes on Escape even after the PDF was clicked', async ({ page }) => {
  await page.goto('/Products/Flex');
  const terms = page.getByRole('button', { name: 'terms of service' });
  await tabTo(page, terms, { max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'End-User License Agreement' });
  await expect(dialog.locator('iframe')).toBeVisible();
  // What a pointer does to the PDF (it is no Tab stop): focus goes into the frame.
  await dialog.locator('iframe').evaluate((frame: HTMLIFrameElement) => frame.focus());
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocused(page, terms, 'Escape');
});

test('the user menu: opens on its first item, arrows move, Escape returns to the button, Tab moves on', async ({
  page,
}) => {
  await signInByKeyboard(page, PLAIN_USER, DEMO_PASSWORD);
  const button = page.getByRole('button', { name: 'Jane Miller' });
  await tabTo(page, button, { back: true });
  await page.keyboard.press('Enter');
  const first = page.getByRole('menuitem', { name: 'My Account' });
  await expectFocused(page, first, 'Enter on the menu button');
  await expect(first).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshot('keyboard-user-menu-1280') });

  await page.keyboard.press('ArrowDown');
  // A plain user's menu: My Account, then Logout (no role opens anything else).
  await expectFocused(page, page.getByRole('menuitem', { name: 'Logout' }), 'ArrowDown');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectFocused(page, button, 'Escape in the menu');

  await page.keyboard.press('ArrowUp');
  await expectFocused(page, page.getByRole('menuitem', { name: 'Logout' }), 'ArrowUp on the menu button');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Tab leaves the menu for the control after its button, as from any other button.
  expect(await focusInside(page, 'main'), `Tab from the menu went to ${await describeFocus(page)}`).toBe(
    true,
  );
});

test('the menu at 390 px: focus moves into the drawer and Escape returns it to its button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByKeyboard(page, PLAIN_USER, DEMO_PASSWORD);
  const burger = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, burger, { back: true });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  expect(await focusInside(page, '[role=dialog]'), `focus is on ${await describeFocus(page)}`).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshot('keyboard-user-menu-390') });
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expectFocused(page, burger, 'Escape in the drawer');
});
