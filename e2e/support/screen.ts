import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, screenshotPath } from './smtp';

/** The screen at rest, axe-clean, no sideways scroll, photographed under `name`. */
export async function judgeScreen(page: Page, name: string) {
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  // A screen that switches layout by a media query in script (tables to cards) re-renders a moment
  // after a resize: it is judged once it has had that moment, and fails if it still scrolls sideways.
  const innerWidth = await page.evaluate(() => window.innerWidth);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${name} is wider than ${innerWidth} px`,
      timeout: 5000,
    })
    .toBeLessThanOrEqual(innerWidth);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}
