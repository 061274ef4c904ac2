import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, screenshotPath } from './smtp';

/** The screen at rest, axe-clean, no sideways scroll, photographed under `name`. */
export async function judgeScreen(page: Page, name: string) {
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(
    innerWidth,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}
