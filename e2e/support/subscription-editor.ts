import { expect, type Page } from '@playwright/test';

// The Subscriptions screen's open editor and its License section, as the licensing specs reach them.

/** The editor of the row that is open. */
export const editor = (page: Page) => page.locator('[data-detail-open="true"] [data-testid^="editor-"]');

/** The open editor's License section. */
export const licenseSection = (page: Page) =>
  editor(page)
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { name: 'License', exact: true }) });

/** Opens the subscription's editor by its Edit button and waits until it shows that subscription. */
export async function openEditor(page: Page, name: string) {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await expect(editor(page).getByLabel('Subscription Name')).toHaveValue(name);
}

/** The page is no wider than the window (a phone's 390 px, say). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
