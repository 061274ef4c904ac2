import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CANCELLATION_COMMENT_MAX, CancellationReasonMessages } from '@store/core';
import { DEMO_PASSWORD, DEMO_SUB_ACCOUNT, expectNoAxeViolations, loginDemo, signIn } from './support';
import { judgeBothWidths, openSection, operatorPage } from './support/ops-console';

// The Subscriptions screen (docs/spec.md §2, §4, §5, §6). Tests that change data use the rows of
// 'Subscription QA Ltd.' (seed/subscriptions.ts), which no other spec reads; the demo rows are only looked at.

const screenshotPath = (name: string) => path.join(import.meta.dirname, '..', '.screens', `${name}.png`);
const QA_EMAIL = 'qa.subscriptions@example.com';
const PERPETUAL_EMAIL = 'perpetual@example.com';

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const editButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `Edit ${name}`, exact: true });
/** The editor of the expanded row (a collapsing row keeps its editor for the 225 ms of its animation). */
const editor = (page: Page) => page.locator('[data-detail-open="true"] [data-testid^="editor-"]');

async function open(page: Page, name: string) {
  await editButton(page, name).click();
  await expect(editor(page)).toHaveCount(1);
  await expect(editor(page).getByLabel('Subscription Name')).toHaveValue(name);
  // The row opens with a height transition: a click while its buttons still move can press on one
  // place and release on another, which is no click at all.
  await expect
    .poll(() => page.locator('[data-detail-open="true"]').evaluate((el) => el.getAnimations().length))
    .toBe(0);
}

test.describe('as the demo admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginDemo(page, '/Subscriptions');
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  });

  test('lists every state with the spec columns; Edit only on rows not cancelled', async ({ page }) => {
    const headers = page.getByRole('table', { name: 'Subscriptions' }).getByRole('columnheader');
    await expect(headers).toHaveText([
      'Product',
      'Name',
      'Total Designers',
      'Next Billing Date',
      'Start New Month',
      'Status',
      'Edit',
    ]);
    await expect(row(page, 'Production Engines')).toContainText('Pro');
    await expect(row(page, 'Production Engines').getByRole('cell').nth(2)).toHaveText('4');
    await expect(row(page, 'Template Studio').getByRole('cell').nth(2)).toHaveText('-');
    await expect(row(page, 'Production Engines').getByRole('cell').nth(3)).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(row(page, 'Production Engines')).toContainText('Active');
    await expect(row(page, 'Legacy Batch Server')).toContainText(/Cancelled [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(editButton(page, 'Legacy Batch Server')).toHaveCount(0);
    await expect(row(page, 'Amsterdam Print Hub')).toContainText(DEMO_SUB_ACCOUNT);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('subscriptions-list'), fullPage: true });
  });

  test('expands a row in 225 ms, collapses it on a second click, one row at a time', async ({ page }) => {
    const button = editButton(page, 'Production Engines');
    const detailId = await button.getAttribute('aria-controls');
    // Mantine's Collapse animates height with the duration given (spec §9: 225 ms), for a person who
    // has not asked for less motion (the browser tests' browser has: playwright.config.ts).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await button.click();
    const transition = await page
      .locator(`#${detailId}`)
      .evaluate((el) => (el as HTMLElement).style.transition);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(transition).toContain('225ms');
    await expect(editor(page).getByLabel('Subscription Name')).toHaveValue('Production Engines');
    await expect(page).toHaveURL(/\/Subscriptions\/\d+$/);
    await expect(editButton(page, 'Production Engines')).toHaveAttribute('aria-expanded', 'true');

    await open(page, 'Flex Reporting');
    await expect(editButton(page, 'Production Engines')).toHaveAttribute('aria-expanded', 'false');
    await expect(editor(page)).toHaveCount(1);
    // Asked for less motion, the row opens at once.
    const flexDetail = await editButton(page, 'Flex Reporting').getAttribute('aria-controls');
    expect(
      await page.locator(`#${flexDetail}`).evaluate((el) => (el as HTMLElement).style.transition),
    ).not.toContain('225ms');

    await editButton(page, 'Flex Reporting').click();
    await expect(editor(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/Subscriptions$/);
  });

  test('Subscriptions/{id} opens with that row expanded; an unknown id says No Subscription Selected', async ({
    page,
  }) => {
    await open(page, 'Job Manager');
    const url = page.url();
    await page.goto('/Subscriptions');
    await page.goto(url);
    await expect(editor(page).getByLabel('Subscription Name')).toHaveValue('Job Manager');
    await page.goto('/Subscriptions/999999');
    await expect(page.getByText('No Subscription Selected')).toBeVisible();
    await expect(editor(page)).toHaveCount(0);
  });

  test('shows the editor parts: plan, overages, engines, designers, license, usage, cost', async ({
    page,
  }) => {
    await open(page, 'Flex Reporting');
    const e = editor(page);
    await expect(e.getByLabel('Pricing Plan')).toHaveValue('Flex 25,000');
    await expect(e.getByLabel('Max Overages')).toHaveValue('$250.00');
    await expect(e.getByLabel('Additional Designers')).toHaveValue('1');
    await expect(e.getByLabel('Number Of Engines')).toHaveCount(0);
    await expect(e.getByTestId('license-id')).toHaveText(/^500\d\d$/);
    await expect(e.getByTestId('license-key')).not.toBeEmpty();
    await expect(e.getByTestId('current-fee')).toHaveText('$887.30 / month');
    await expect(e.getByRole('table', { name: 'Usage figures' })).toContainText('RTUs included per month');
    await expect(e.getByRole('link', { name: 'Detailed RTU Usage' })).toBeVisible();
    // Flush Keys is for Pro keys only; Flex is usage-billed.
    await expect(e.getByRole('button', { name: 'Flush Keys' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('subscriptions-editor-flex'), fullPage: true });
  });

  test('lists a retired plan the subscription uses with (Grandfathered)', async ({ page }) => {
    await open(page, 'Classic Engine');
    const plan = editor(page).getByLabel('Pricing Plan');
    await expect(plan).toHaveValue('Pro Classic (Grandfathered)');
    await plan.click();
    const options = page.getByRole('option');
    await expect(options).toHaveText([
      'Pro Standard',
      'Pro Business',
      'Pro Enterprise',
      'Pro Classic (Grandfathered)',
      'Pro Fleet',
    ]);
    await page.keyboard.press('Escape');
    await open(page, 'Production Engines');
    await editor(page).getByLabel('Pricing Plan').click();
    await expect(page.getByRole('option')).toHaveText([
      'Pro Standard',
      'Pro Business',
      'Pro Enterprise',
      'Pro Fleet',
    ]);
  });

  test("shows a sub-account's subscription read-only, naming its owner", async ({ page }) => {
    await open(page, 'Amsterdam Print Hub');
    const e = editor(page);
    await expect(e.getByText(`This subscription belongs to ${DEMO_SUB_ACCOUNT}`)).toBeVisible();
    for (const label of ['Subscription Name', 'Pricing Plan', 'Max Overages', 'Additional Designers']) {
      await expect(e.getByLabel(label)).toHaveAttribute('readonly', '');
    }
    for (const name of ['Save Changes', 'Cancel Subscription', 'Flush Keys', 'Enable Offline']) {
      await expect(e.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(e.getByRole('link', { name: 'Detailed RTU Usage' })).toHaveCount(0);
    // The API withholds a sub-account's secrets from its parent: no empty key box, no Copy.
    await expect(e.getByText(`The license key is shown to ${DEMO_SUB_ACCOUNT} only.`)).toBeVisible();
    await expect(e.getByTestId('license-key')).toHaveCount(0);
    await expect(e.getByRole('button', { name: 'Copy license key' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('subscriptions-editor-subaccount'), fullPage: true });
  });

  test('shows an offline subscription read-only with its hosts and a downloadable signed license', async ({
    page,
  }) => {
    await open(page, 'Plant Floor (air-gapped)');
    const e = editor(page);
    for (const label of [
      'Subscription Name',
      'Pricing Plan',
      'Max Overages',
      'Number Of Engines',
      'Number Of Designers',
    ]) {
      await expect(e.getByLabel(label)).toHaveAttribute('readonly', '');
    }
    await expect(e.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(e.getByRole('button', { name: 'Enable Offline' })).toHaveCount(0);
    await expect(e.getByTestId('offline-engine-hosts')).toHaveText(/plant-engine-a\s*plant-engine-b/);
    const download = page.waitForEvent('download');
    await e.getByRole('button', { name: 'Download License File' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^license_500\d\d\.lic$/);
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toMatch(
      /^-----BEGIN LICENSE FILE-----\n[\s\S]+-----END LICENSE FILE-----\n$/,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('subscriptions-editor-offline'), fullPage: true });
  });

  test('warns that Manager keys do not work for the server, and offers no Flush Keys there', async ({
    page,
  }) => {
    await open(page, 'Job Manager');
    await expect(
      editor(page).getByText(
        'The licenese keys below will not work for your Manager server. Please fill in the offline license data to get a license to use for Manager.',
      ),
    ).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Flush Keys' })).toHaveCount(0);
    await expect(editor(page).getByRole('button', { name: 'Enable Offline' })).toBeVisible();
  });
});

test.describe('actions, on the QA organization’s own rows', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(async ({ page }) => {
    await signIn(page, { email: QA_EMAIL, password: DEMO_PASSWORD }, '/Subscriptions');
  });

  test('Flush Keys asks the spec question; No leaves the key, Yes flushes it', async ({ page }) => {
    await open(page, 'QA Flush Me');
    const e = editor(page);
    await e.getByRole('button', { name: 'Flush Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flush Keys' });
    await expect(dialog).toContainText(
      'Are you sure you want to flush this key from all servers licensed under this key?',
    );
    let flushCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/flush-keys')) flushCalls++;
    });
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('Key was not flushed')).toBeVisible();
    expect(flushCalls).toBe(0);
    await e.getByRole('button', { name: 'Flush Keys' }).click();
    const response = page.waitForResponse((r) => r.url().includes('/flush-keys'));
    await page
      .getByRole('dialog', { name: 'Flush Keys' })
      .getByRole('button', { name: 'Yes, flush' })
      .click();
    expect(await (await response).json()).toEqual({ flushed: 2 });
    await expect(page.getByText('Key successfully flushed')).toBeVisible();
  });

  test('Cancel Subscription needs the exact name; a mismatch does nothing; after the name it asks why, and the operator reads it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await open(page, 'QA Cancel Me');
    const deletes: (string | null)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(r.postData());
    });
    await editor(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    let dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await dialog.getByLabel('Subscription name').fill('QA Cancel me');
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(dialog).toBeHidden();
    expect(deletes).toEqual([]);
    await expect(row(page, 'QA Cancel Me')).toContainText('Active');

    // On a phone (the screen stacks its rows there, so it is opened again): the whole dialog fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Subscriptions');
    await editButton(page, 'QA Cancel Me').click();
    await expect(page.getByRole('textbox', { name: 'Subscription Name' })).toHaveValue('QA Cancel Me');
    dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    // The card's editor has just opened: on a busy machine a click during its transition can land
    // before the button is wired, so click until the dialog shows (one dialog, never two).
    await expect(async () => {
      if (!(await dialog.isVisible()))
        await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByLabel('Why are you cancelling? (optional)').selectOption('Too expensive');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('390-subscriptions-cancel-reason') });
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(dialog).toBeHidden();
    expect(deletes).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/Subscriptions');
    await open(page, 'QA Cancel Me');

    await editor(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await dialog.getByLabel('Subscription name').fill('QA Cancel Me');
    // Why: optional, after the name; text past the limit is refused with its message, nothing sent.
    await dialog.getByLabel('Why are you cancelling? (optional)').selectOption('Missing a feature');
    const text = dialog.getByLabel('Anything you would like to tell us? (optional)');
    await text.fill('x'.repeat(CANCELLATION_COMMENT_MAX + 1));
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(dialog.getByText(CancellationReasonMessages.commentTooLong)).toBeVisible();
    expect(deletes).toEqual([]);
    await text.fill('We need PDF/UA export for our public-sector customers.');
    await expect(dialog.getByText(CancellationReasonMessages.commentTooLong)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('subscriptions-cancel-reason') });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(
      page.getByText(
        /^QA Cancel Me has been cancelled successfully\. You keep access until [A-Z][a-z]+ \d\d, \d{4}\.$/,
      ),
    ).toBeVisible();
    expect(deletes.map((d) => (d ? JSON.parse(d) : d))).toEqual([
      { reason: 'missing-feature', comment: 'We need PDF/UA export for our public-sector customers.' },
    ]);
    await expect(row(page, 'QA Cancel Me')).toContainText(/Cancelled [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(editButton(page, 'QA Cancel Me')).toHaveCount(0);

    // The operator reads it under this month and the plan it was on.
    const ops = await operatorPage(browser, baseURL);
    await ops.goto('/ops');
    await openSection(ops, 'Cancellation reasons');
    // The newest month comes first (the demo's clock may run ahead of the test's).
    const plan = ops.getByRole('region', { name: /^[A-Z][a-z]+ \d{4}: Pro Standard$/ }).first();
    await expect(plan.getByRole('row', { name: /Missing a feature \d+/ })).toBeVisible();
    await expect(plan.getByText('We need PDF/UA export for our public-sector customers.')).toBeVisible();
    await judgeBothWidths(ops, 'ops-cancellation-reasons');
    await ops.context().close();
  });

  test('Enable Offline: a required field per machine and designer, nothing sent while invalid, then the row is replaced', async ({
    page,
  }) => {
    await open(page, 'QA Offline Me');
    const form = page.getByRole('form', { name: 'Offline license request' });
    await expect(form.getByLabel(/^Engine Host \d/)).toHaveCount(2);
    await expect(form.getByLabel(/^Designer Host \d/)).toHaveCount(2);
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/make-offline')) posts++;
    });
    await form.getByLabel('Engine Host 1').fill('qa-engine-a');
    await form.getByRole('button', { name: 'Enable Offline' }).click();
    await expect(form.getByText('Host name is required')).toHaveCount(3);
    expect(posts).toBe(0);
    await form.getByLabel('Engine Host 2').fill('qa-engine-b');
    await form.getByLabel('Designer Host 1').fill('qa-ws-1');
    await form.getByLabel('Designer Host 2').fill('qa-ws-2');
    await form.getByRole('button', { name: 'Enable Offline' }).click();
    await expect(page.getByText('Offline license generated successfully.')).toBeVisible();
    expect(posts).toBe(1);
    await expect(row(page, 'QA Offline Me')).toContainText('Offline');
    const e = editor(page);
    await expect(e.getByLabel('Subscription Name')).toHaveAttribute('readonly', '');
    await expect(e.getByTestId('offline-designer-hosts')).toHaveText(/qa-ws-1\s*qa-ws-2/);
    await expect(e.getByRole('button', { name: 'Download License File' })).toBeVisible();
  });

  test('Max Overages rounds to cents like the purchase form; a minus sign is a message, never the opposite sign', async ({
    page,
  }) => {
    await open(page, 'QA Edit Me');
    const e = editor(page);
    const overages = e.getByLabel('Max Overages');
    await overages.fill('302.999');
    await overages.blur();
    await expect(overages).toHaveValue('$303.00');
    await overages.fill('312.345');
    await overages.blur();
    await expect(overages).toHaveValue('$312.35');
    await overages.fill('-5');
    await expect(e.getByText('Max overages must be at least 0')).toBeVisible();
    await expect(e.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    const designers = e.getByLabel('Number Of Designers');
    await designers.fill('-3');
    await expect(e.getByText('Additional designers must be at least 0')).toBeVisible();
    await designers.blur();
    // Left, it clamps to the minimum rather than turning into 3.
    await expect(designers).toHaveValue('0');
    await page.screenshot({
      path: `${new URL('../.screens/', import.meta.url).pathname}editor-invalid.png`,
      fullPage: true,
    });
  });

  test('editing: validation, the new fee and the prorated charge before saving, then the saved values', async ({
    page,
  }) => {
    await open(page, 'QA Edit Me');
    const e = editor(page);
    const save = e.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await expect(e.getByTestId('current-fee')).toHaveText('$250.00 / month');

    await e.getByLabel('Max Overages').fill('');
    await expect(e.getByText('Max Overages is required')).toBeVisible();
    await expect(save).toBeDisabled();
    await e.getByLabel('Max Overages').fill('25');
    await e.getByLabel('Subscription Name').fill('');
    await expect(e.getByText('Subscription Name is required')).toBeVisible();
    await e.getByLabel('Subscription Name').fill('QA Edit Me');

    await e.getByLabel('Number Of Engines').fill('2');
    await expect(e.getByTestId('new-fee')).toContainText('$500.00 / month');
    await expect(e.getByTestId('prorated-today')).toHaveText(/^\$\d+\.\d\d$/);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(
      page.getByText(/^Your changes were saved\. \$\d+\.\d\d was charged to your card today\.$/),
    ).toBeVisible();
    await expect(editor(page).getByTestId('current-fee')).toHaveText('$500.00 / month');
    await expect(editor(page).getByLabel('Max Overages')).toHaveValue('$25.00');

    await editor(page).getByLabel('Number Of Engines').fill('1');
    await expect(editor(page).getByTestId('new-fee')).toContainText('Takes effect at the next renewal on');
    await editor(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText(
        /^Your changes were saved\. Plan, engine and designer changes take effect at the next renewal/,
      ),
    ).toBeVisible();
    await expect(editor(page).getByTestId('pending-change')).toContainText('Pro Standard, 1 engine(s)');
    await expect(editor(page).getByTestId('current-fee')).toHaveText('$500.00 / month');
  });
});

test('a perpetual account sees Products with product, name and edit, and the license terms', async ({
  page,
}) => {
  await signIn(page, { email: PERPETUAL_EMAIL, password: DEMO_PASSWORD }, '/Subscriptions');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('columnheader')).toHaveText([
    'Product',
    'Name',
    'Edit',
  ]);
  await open(page, 'Print Works Engine');
  const e = editor(page);
  await expect(e.getByRole('table', { name: 'Perpetual license' })).toContainText(
    'Pro 2024 perpetual license',
  );
  await expect(e.getByRole('table', { name: 'Perpetual license' })).toContainText('2024.2');
  await expect(e.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(e.getByRole('link', { name: 'Detailed RTU Usage' })).toHaveCount(0);
  await expect(e.getByLabel('Pricing Plan')).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page);
});

test('a plain user sees the subscriptions but cannot change them', async ({ page }) => {
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD }, '/Subscriptions');
  await open(page, 'Production Engines');
  const e = editor(page);
  await expect(e.getByLabel('Subscription Name')).toHaveAttribute('readonly', '');
  for (const name of ['Save Changes', 'Cancel Subscription', 'Flush Keys', 'Enable Offline']) {
    await expect(e.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(e.getByRole('link', { name: 'Detailed RTU Usage' })).toBeVisible();
});
