import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// What a phone (390 px) showed wrong: the usage chart's legend over the next card, slivers of
// scrolled cells beside the pinned Hostname column, prices taking half the width of cart and
// checkout, and Subscriptions/{id} opening a row out of sight. Read-only over the demo data.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;
const PHONE = { width: 390, height: 844 };

async function openUsage(page: Page) {
  await loginDemo(page, '/Subscriptions');
  await page.getByRole('button', { name: 'Edit Flex Reporting', exact: true }).click();
  await page.getByRole('link', { name: 'Detailed RTU Usage' }).click();
  await expect(page.getByTestId('usage-description')).toHaveText('Flex Reporting');
  await expect(page.getByRole('table', { name: 'RTUs per host and date range' })).toBeVisible();
}

/**
 * The pinned column as pictured after scrolling the table to each offset and to its right end (where
 * slivers showed most): an opaque pinned column looks the same whatever scrolls beneath it.
 */
async function pinnedColumnAt(page: Page, offsets: number[]) {
  const frame = page.getByRole('region', { name: 'RTUs per host and date range (scrolls sideways)' });
  const pinned = page.locator('.table-frame .sticky-first');
  const pictures: Buffer[] = [];
  await frame.scrollIntoViewIfNeeded();
  const bottom = page.viewportSize()!.height;
  const end = await frame.evaluate((el) => el.scrollWidth - el.clientWidth);
  for (const left of [...offsets, end]) {
    await frame.evaluate((el, x) => {
      el.scrollLeft = x;
    }, left);
    const first = (await pinned.first().boundingBox())!;
    const last = (await pinned.last().boundingBox())!;
    pictures.push(
      await page.screenshot({
        clip: {
          x: first.x,
          y: first.y,
          width: first.width,
          height: Math.min(last.y + last.height, bottom) - first.y,
        },
      }),
    );
  }
  return pictures;
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the usage chart keeps its legend inside its own card; the table opens at its left end', async ({
    page,
  }) => {
    await openUsage(page);
    const card = page.locator('.mantine-Paper-root', {
      has: page.getByRole('heading', { name: 'RTUs per usage cycle' }),
    });
    // Every host is named in the legend, and nothing of the card reaches below its bottom edge.
    // (The legend's list, not the chart's tooltip, which names the hosts too while the pointer is over it.)
    const legend = card.getByRole('list', { name: 'Hosts' });
    for (const host of ['invoices-app', 'nightly-reports'])
      await expect(legend.getByText(host)).toBeVisible();
    const spilled = await card.evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom;
      return [...el.querySelectorAll('*')]
        .filter((child) => child.getBoundingClientRect().bottom > bottom + 0.5)
        .map((child) => child.textContent?.slice(0, 40));
    });
    expect(spilled).toEqual([]);
    const frame = page.getByRole('region', { name: 'RTUs per host and date range (scrolls sideways)' });
    expect(await frame.evaluate((el) => el.scrollLeft)).toBe(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}390-usage.png`, fullPage: true });
  });

  test('no sliver of a scrolled cell shows beside the pinned Hostname column', async ({ page }) => {
    await openUsage(page);
    const [still, ...scrolled] = await pinnedColumnAt(page, [0, 37, 250]);
    for (const picture of scrolled) expect(picture.equals(still!)).toBe(true);
    await page
      .getByRole('region', { name: 'RTUs per host and date range (scrolls sideways)' })
      .screenshot({ path: `${SCREENS}390-usage-table-scrolled.png` });
  });

  test('cart and checkout give names the width and the price a line of its own', async ({ page }) => {
    await loginDemo(page, '/Products/Pro');
    await page.getByLabel('Subscription Name').fill('Production engines for the press line');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/Cart$/);
    for (const screen of ['cart', 'checkout']) {
      if (screen === 'checkout') await page.goto('/checkout');
      const item = page.getByTestId('cart-item').first();
      const name = item.getByText('Production engines for the press line');
      await expect(name).toBeVisible();
      const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      const nameBox = (await name.boundingBox())!;
      expect(nameBox.height, `${screen}: the name wraps to at most 2 lines`).toBeLessThanOrEqual(
        lineHeight * 2 + 1,
      );
      await page.screenshot({ path: `${SCREENS}390-${screen}-item.png`, fullPage: true });
    }
    await page.evaluate(() => localStorage.removeItem('cart'));
  });

  test('Billing History names each bill under its date, its invoice button still in view', async ({
    page,
  }) => {
    await loginDemo(page, '/BillingHistory');
    const rows = page.getByRole('table', { name: 'Bills' }).locator('tbody tr');
    await expect(rows.first().getByRole('button', { name: /^invoice / })).toBeInViewport({ ratio: 1 });
    await expect(rows.filter({ hasText: 'Production Engines' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}390-billing-history.png` });
  });

  test('Subscriptions/{id} scrolls the opened row into view', async ({ page }) => {
    await loginDemo(page, '/Subscriptions');
    const last = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').last();
    const id = (await last.getAttribute('data-testid'))!.replace('row-', '');
    await page.goto(`/Subscriptions/${id}`);
    await expect(page.locator(`#detail-${id} [data-testid="editor-${id}"]`)).toBeVisible();
    await expect(page.getByTestId(`row-${id}`)).toBeInViewport();
  });
});

test('at 1000 px no sliver of a scrolled cell shows beside the pinned Hostname column', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await openUsage(page);
  const [still, ...scrolled] = await pinnedColumnAt(page, [0, 41]);
  for (const picture of scrolled) expect(picture.equals(still!)).toBe(true);
  await page.screenshot({ path: `${SCREENS}usage-table-scrolled.png`, fullPage: true });
});
