import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, loginDemo, signIn } from './support';
import { screenshotPath } from './support/smtp';
import { editor, expectNoSidewaysScroll, licenseSection, openEditor } from './support/subscription-editor';

// The Subscriptions screen's licensing parts (docs/design.md §5): the License section's machines with
// Deactivate, and the usage meter on the row and in the editor. Deactivate changes 'QA Machines' of
// 'Subscription QA Ltd.' (seed/subscriptions.ts), which no other spec reads; demo rows are only looked at.

const QA_EMAIL = 'qa.subscriptions@example.com';

const machinesList = (page: Page) => licenseSection(page).getByRole('list', { name: 'Machines' });
const machine = (page: Page, hostname: string) =>
  machinesList(page).getByRole('listitem').filter({ hasText: hostname });

test('the License section lists the machines under their seats; Deactivate asks, Cancel keeps, Deactivate frees the seat', async ({
  page,
}) => {
  // Two axe passes and a dialog on a shared 2-core machine.
  test.setTimeout(120_000);
  await signIn(page, { email: QA_EMAIL, password: DEMO_PASSWORD }, '/Subscriptions');
  await openEditor(page, 'QA Machines');
  const license = licenseSection(page);
  await expect(license.getByTestId('machine-seats')).toHaveText('2 of 3 engines, 1 of 2 designers');
  await expect(machinesList(page).getByRole('listitem')).toHaveText([
    /^qa-machines-engine-1Engine/,
    /^qa-machines-engine-2Engine/,
    /^qa-machines-oldEngineNo heartbeat for 7 days: seat released/,
    /^qa-machines-designerDesigner/,
  ]);
  await expect(machine(page, 'qa-machines-engine-2')).toContainText(
    /Activated [A-Z][a-z]{2} \d{1,2}, \d{4} · Last seen [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC/,
  );
  await expectNoAxeViolations(page);
  await license.screenshot({ path: screenshotPath('license-machines-1280') });

  let deletes = 0;
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes('/machines/')) deletes++;
  });
  await machine(page, 'qa-machines-engine-2')
    .getByRole('button', { name: 'Deactivate qa-machines-engine-2' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate machine' });
  await expect(dialog).toContainText(
    'Deactivate qa-machines-engine-2? The engine loses its seat at once and stops validating; it can activate again while a seat is free.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(machine(page, 'qa-machines-engine-2')).toHaveCount(1);
  expect(deletes).toBe(0);

  await machine(page, 'qa-machines-engine-2')
    .getByRole('button', { name: 'Deactivate qa-machines-engine-2' })
    .click();
  const response = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/machines/'),
  );
  await page
    .getByRole('dialog', { name: 'Deactivate machine' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  expect((await response).status()).toBe(200);
  await expect(page.getByText('qa-machines-engine-2 was deactivated.')).toBeVisible();
  await expect(machine(page, 'qa-machines-engine-2')).toHaveCount(0);
  await expect(license.getByTestId('machine-seats')).toHaveText('1 of 3 engines, 1 of 2 designers');
  expect(deletes).toBe(1);
});

test('a plain user sees the machines but cannot deactivate them', async ({ page }) => {
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD }, '/Subscriptions');
  await openEditor(page, 'Production Engines');
  await expect(licenseSection(page).getByTestId('machine-seats')).toHaveText(
    '3 of 3 engines, 2 of 4 designers',
  );
  await expect(machinesList(page).getByRole('listitem')).toHaveCount(5);
  await expect(licenseSection(page).getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
});

test.describe('the usage meter', () => {
  test.beforeEach(async ({ page }) => {
    await loginDemo(page, '/Subscriptions');
  });

  test('the row shows RTUs used against the included ones, and beyond them the overage against the cap', async ({
    page,
  }) => {
    const table = page.getByRole('table', { name: 'Subscriptions' });
    const within = table.getByRole('progressbar', { name: 'RTUs used this cycle by Amsterdam Print Hub' });
    await expect(within).toHaveAttribute('aria-valuemax', '2500');
    await expect(within).toHaveAttribute('aria-valuetext', /^[\d,]+ of 2,500 RTUs \(\d+ %\)$/);
    const row = page.getByRole('row').filter({ hasText: 'Amsterdam Print Hub' });
    await expect(row).toContainText(/[\d,]+ of 2,500 RTUs \(\d+ %\)/);

    // Flex Reporting used more than its 25,000 RTUs: its bar measures the overage against $250.00.
    const beyond = table.getByRole('progressbar', { name: 'RTUs used this cycle by Flex Reporting' });
    await expect(beyond).toHaveAttribute('aria-valuemax', '25000');
    await expect(beyond).toHaveAttribute('aria-valuetext', /^[\d,]+ RTUs, overage \$[\d.]+ of \$250\.00$/);
    // A Pro engine plan is licensed per machine: no meter.
    await expect(table.getByRole('progressbar', { name: /Production Engines/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the editor shows both bars with their figures in text', async ({ page }) => {
    test.setTimeout(120_000);
    await openEditor(page, 'Flex Reporting');
    const meter = editor(page).getByTestId('usage-meter');
    const included = meter.getByRole('progressbar', { name: 'RTUs included this month' });
    await expect(included).toHaveAttribute('aria-valuemax', '25000');
    await expect(included).toHaveAttribute('aria-valuenow', '25000');
    await expect(included).toHaveAttribute('aria-valuetext', /^[\d,]+ of 25,000 RTUs used \(1\d\d %\)$/);
    await expect(meter).toContainText(/RTUs included this month[\d,]+ of 25,000 RTUs used \(1\d\d %\)/);
    const cap = meter.getByRole('progressbar', { name: 'Overage against the monthly cap' });
    await expect(cap).toHaveAttribute('aria-valuemax', '25000');
    await expect(cap).toHaveAttribute('aria-valuetext', /^[\d,]+ RTUs over: \$[\d.]+ of \$250\.00$/);
    await expect(meter).toContainText(/Max overages[\d,]+ RTUs over: \$[\d.]+ of \$250\.00/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('usage-meter-1280'), fullPage: true });
  });

  test('at 390 px the meter and the machines fit without sideways scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, 'Production Engines');
    await expect(machinesList(page).getByRole('listitem')).toHaveCount(5);
    // Deactivate keeps its whole label beside a host name on a phone.
    const button = await machinesList(page)
      .getByRole('button', { name: 'Deactivate prod-engine-01' })
      .boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(390);
    await expect(machinesList(page).getByRole('button', { name: 'Deactivate prod-engine-01' })).toHaveText(
      'Deactivate',
    );
    await expectNoSidewaysScroll(page);
    await licenseSection(page).screenshot({ path: screenshotPath('license-machines-390') });
    await page.getByRole('button', { name: 'Edit Production Engines', exact: true }).click();
    await openEditor(page, 'Flex Reporting');
    await expect(editor(page).getByTestId('usage-meter')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: screenshotPath('usage-meter-390'), fullPage: true });
  });
});
