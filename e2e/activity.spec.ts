import { registerAndSignIn } from './support/accounts';
import { signIn, xsrfToken } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/demo';
import { expect, screenshotPath, test, unique } from './support/smtp';

// The Activity screen (docs/decisions/017): who changed what in the organization, for its admins.

test('an admin renames a user and Activity shows the change with the admin who made it', async ({
  page,
  mailServer,
}) => {
  // A registration, a sign-in and three axe runs on a shared machine.
  test.setTimeout(120_000);
  const adminEmail = `${unique('boss')}@example.com`;
  const { token } = await registerAndSignIn(page, mailServer, {
    orgName: unique('Audit Org'),
    email: adminEmail,
    password: 'boss-password',
  });

  // A user to rename, added through the API the Add User screen calls.
  const xsrf = await xsrfToken(page);
  const created = await page.request.post('/api/person/create', {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
    data: {
      firstName: 'Hal',
      lastName: 'Helper',
      email: `${unique('hal')}@example.com`,
      password: 'helper-password',
    },
  });
  expect(created.status()).toBe(201);
  const { personId } = (await created.json()) as { personId: number };

  await page.goto(`/Account/${personId}`);
  await page.getByRole('button', { name: 'Edit Last Name' }).click();
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Helpful');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User updated successfully.' })).toBeVisible();

  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/Activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  const renamed = table.getByRole('row').filter({ hasText: "Hal Helper: Last Name 'Helper' → 'Helpful'" });
  await expect(renamed).toContainText('Ava Owner');
  await expect(renamed).toContainText('User changed');
  const added = table.getByRole('row').filter({ hasText: 'User added' }).filter({ hasText: 'Hal Helper' });
  await expect(added).toContainText('Ava Owner');
  await page.screenshot({ path: screenshotPath('activity'), fullPage: true });
  await expectNoAxeViolations(page);

  // Filtered by kind: only the additions.
  await page.getByRole('textbox', { name: 'Kind of change' }).click();
  await page.getByRole('option', { name: 'User added' }).click();
  await expect(renamed).toHaveCount(0);
  await expect(added).toBeVisible();
  // Filtered by a person who changed nothing: nothing.
  await page.getByRole('textbox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Hal Helpful' }).click();
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(renamed).toBeVisible();

  // A phone's width: the filters stack, each entry is a card, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page
    .getByRole('list', { name: 'Activity' })
    .getByRole('listitem')
    .filter({ hasText: "Hal Helper: Last Name 'Helper' → 'Helpful'" });
  await expect(card).toContainText('User changed');
  await expect(card).toContainText('Ava Owner');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath('activity-390'), fullPage: true });
  await expectNoAxeViolations(page);
});

test('a plain user has no Activity in the menu (typing its address: rights.spec.ts)', async ({ page }) => {
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD });
  await page.getByRole('button', { name: 'Jane Miller' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Activity' })).toHaveCount(0);
});
