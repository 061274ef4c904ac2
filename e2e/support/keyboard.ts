import { expect, type Locator, type Page } from '@playwright/test';

// Keyboard-only journeys: after page.goto a test only presses keys, and after each step it reads
// document.activeElement, as a screen reader or a sighted keyboard user would notice where they are.

/** What has focus, in words a failure message can show: tag, role, name or text. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page body';
    const name =
      el.getAttribute('aria-label') ??
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement
        ? (el.labels?.[0]?.textContent ?? '')
        : (el.textContent ?? ''));
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name.trim().slice(0, 80)}"`;
  });
}

/** Waits until the located element is document.activeElement (it may take a render or an answer to get there). */
export async function expectFocused(page: Page, target: Locator, step: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement))
          ? 'focused'
          : `focus is on ${await describeFocus(page)}`,
      { message: `after ${step}` },
    )
    .toBe('focused');
}

/** Presses Tab (or Shift+Tab) until the target has focus; every stop on the way must be somewhere, never the body. */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  // A control that focus is on when its screen finishes loading is replaced, and focus falls to the
  // body: the screen is let load first (each loading placeholder is labelled 'Loading…').
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  for (let i = 0; i < (options.max ?? 40); i++) {
    await page.keyboard.press(key);
    if ((await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement)))
      return;
    expect(await describeFocus(page), `Tab stop ${i + 1} on the way`).not.toBe('the page body');
  }
  throw new Error(`${key} never reached the target; focus ended on ${await describeFocus(page)}`);
}

/** Signs in on /login with the keyboard alone: Tab to the fields, type, Enter; the company by arrow keys. */
export async function signInByKeyboard(page: Page, email: string, password: string, company?: string) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expectFocused(page, page.getByLabel('Password'), 'Tab from Email');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  if (company) {
    const select = page.getByLabel('Company');
    // The select appears above the Login button the focus was on: focus moves to it.
    await expectFocused(page, select, 'the answer that several organizations match');
    const labels = await select.locator('option').allTextContents();
    for (let i = 0; i < labels.indexOf(company); i++) await page.keyboard.press('ArrowDown');
    await expect(select.locator('option:checked')).toHaveText(company);
    await tabTo(page, page.getByRole('button', { name: 'Login' }));
    await page.keyboard.press('Enter');
  }
  await expect(page).not.toHaveURL(/\/login/i);
}
