import { newOrganization } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { openSection, searchOrganizations } from './support/ops-console';
import { judgeScreen } from './support/screen';
import { expect, screenshotPath, test } from './support/smtp';

// The operator console's organizations, bills and billing runs (docs/design.md §2), on a desk and on a
// phone: every screen axe-clean and photographed.

test('an operator finds an organization by e-mail and edits its terms', async ({ page, ops, mailServer }) => {
  test.setTimeout(180_000);
  const { orgName, email } = await newOrganization(page, mailServer, 'Terms');

  await ops.goto('/ops/organizations');
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-organizations'), fullPage: true });
  await searchOrganizations(ops, email);
  await expect(ops).toHaveURL(/q=/);
  const found = ops.getByRole('table', { name: 'Organizations found' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found).toContainText(email);
  await found.getByRole('link', { name: orgName }).click();

  await expect(ops.getByRole('heading', { level: 2, name: orgName })).toBeVisible();
  await expect(ops.getByRole('table', { name: 'Users' })).toContainText(email);
  const terms = ops.getByRole('region', { name: 'Terms', exact: true });
  await expect(terms.getByRole('button', { name: 'Save terms' })).toBeDisabled();
  await terms.getByLabel('Discount (%)').fill('12.5');
  await terms.getByLabel('Allow monthly billing').check();
  await terms.getByLabel('Billed by invoice').check();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-organization'), fullPage: true });
  const sent = ops.waitForRequest((r) => r.url().endsWith('/terms') && r.method() === 'PUT');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  const confirm = ops.getByRole('dialog');
  await expect(confirm).toContainText(`Save the terms of ${orgName}, with a discount of 12.5 %`);
  await confirm.getByLabel('Organization name').fill(orgName);
  await confirm.getByRole('button', { name: 'Save terms' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    discount: 0.125,
    allowMonthly: true,
    invoiceTerms: true,
  });
  await expect(ops.getByRole('status').filter({ hasText: `Terms of ${orgName} saved` })).toBeVisible();
  await ops.reload();
  await expect(terms.getByLabel('Discount (%)')).toHaveValue('12.5');
  await expect(terms.getByLabel('Billed by invoice')).toBeChecked();

  // A perpetual license of a plan the operator chooses.
  const subscriptions = ops.getByRole('region', { name: 'Subscriptions', exact: true });
  await subscriptions.getByRole('textbox', { name: /^Plan/ }).click();
  await ops.getByRole('option', { name: 'Pro Standard' }).click();
  await subscriptions.getByLabel('License name (optional)').fill('Lab license');
  await subscriptions.getByRole('button', { name: 'Add perpetual license' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Perpetual license added' })).toBeVisible();
  await expect(ops.getByRole('table', { name: 'Subscriptions' })).toContainText('Pro Standard');

  // Bad input: a discount over 100 % shows its message and sends nothing.
  await terms.getByLabel('Discount (%)').fill('150');
  await terms.getByLabel('Discount (%)').blur();
  await expect(terms.getByText('Discount must be at most 100 %')).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Save terms' })).toBeDisabled();
  await ops.context().close();
});

test('bills by filter, a bill page, and a billing run started by hand', async ({ ops }) => {
  test.setTimeout(180_000);
  await ops.goto('/ops/organizations');
  await openSection(ops, 'Bills');
  await expectNoAxeViolations(ops);
  await ops.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(ops).toHaveURL(/filter=all/);
  const bills = ops.getByRole('table', { name: 'Bills: All' });
  await expect(bills.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-bills'), fullPage: true });
  await bills.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(ops.getByRole('heading', { level: 2, name: /^(\d{4}-\d{6}|Order \d+)$/ })).toBeVisible();
  await expect(ops.getByRole('region', { name: 'Lines', exact: true })).toBeVisible();
  await expect(ops.getByRole('region', { name: 'Payment attempts', exact: true })).toBeVisible();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-bill'), fullPage: true });

  await openSection(ops, 'Billing runs');
  const runs = ops.getByRole('table', { name: 'Billing runs' });
  const before = await runs
    .getByRole('row')
    .count()
    .catch(() => 0);
  await ops.getByRole('button', { name: 'Run now' }).click();
  await expect(ops.getByRole('status').filter({ hasText: /Billing run \d+ finished/ })).toBeVisible();
  await expect(runs.getByRole('row')).toHaveCount(Math.max(before, 1) + 1);
  await expect(runs.getByRole('row').nth(1)).toContainText('Operator');
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-billing-runs'), fullPage: true });
  await ops.context().close();
});

test('every console screen at 390 px', async ({ ops }) => {
  test.setTimeout(180_000);
  await ops.setViewportSize({ width: 390, height: 844 });
  // Each screen loaded, without sideways scroll, axe-clean, and photographed.
  for (const [name, section] of [
    ['organizations', 'Organizations'],
    ['catalogue', 'Catalogue'],
    ['bills', 'Bills'],
    ['billing-runs', 'Billing runs'],
    ['dunning', 'Dunning'],
    ['promotions', 'Promotion codes'],
  ] as const) {
    await ops.goto('/ops/organizations');
    await openSection(ops, section);
    await judgeScreen(ops, `ops-390-${name}`);
  }
  await ops.goto('/ops/organizations');
  await ops.getByRole('table', { name: 'Organizations found' }).getByRole('link').first().click();
  await expect(ops.getByRole('region', { name: 'Terms', exact: true })).toBeVisible();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-390-organization'), fullPage: true });
  await ops.context().close();
});
