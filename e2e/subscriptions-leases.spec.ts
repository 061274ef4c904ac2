import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, loginDemo, signIn } from './support';
import { screenshotPath } from './support/smtp';
import { expectNoSidewaysScroll, licenseSection, openEditor } from './support/subscription-editor';

// A floating license's live leases in the License section (docs/decisions/034): engines check out
// leases through the licensing API, the section lists them under their seats, and an admin ends one.
// Only the demo's 'Container Fleet' is touched, which no other spec reads.

const FLEET = 'Container Fleet';

const leasesList = (page: Page) => licenseSection(page).getByRole('list', { name: /^Live leases/ });
const lease = (page: Page, hostname: string) =>
  leasesList(page).getByRole('listitem').filter({ hasText: hostname });

/** Engines in containers check out leases with the fleet's key (what the License section shows). */
async function checkOutLeases(page: Page, token: string, hostnames: string[]) {
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const subs = (await list.json()) as { description: string; apiKey1: string }[];
  const licenseKey = subs.find((s) => s.description === FLEET)!.apiKey1;
  for (const hostname of hostnames) {
    const res = await page.request.post('/api/licensing/leases', {
      data: { licenseKey, fingerprint: `e2e-${hostname}`, hostname },
    });
    expect([200, 201]).toContain(res.status());
  }
}

test('the License section lists live leases under their seats; an admin ends one and its seat is free', async ({
  page,
}) => {
  // Two axe passes, a dialog and two widths on a shared 2-core machine.
  test.setTimeout(120_000);
  const { token } = await loginDemo(page);
  await checkOutLeases(page, token, ['fleet-pod-a', 'fleet-pod-b']);
  await page.goto('/Subscriptions');
  await openEditor(page, FLEET);

  const license = licenseSection(page);
  await expect(license.getByTestId('lease-seats')).toHaveText('2 of 3 floating seats leased');
  await expect(leasesList(page).getByRole('listitem')).toHaveCount(2);
  await expect(lease(page, 'fleet-pod-a')).toContainText(
    /Started [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC · Renews until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC/,
  );
  await expectNoAxeViolations(page);
  await license.screenshot({ path: screenshotPath('license-leases-1280') });

  await lease(page, 'fleet-pod-a').getByRole('button', { name: 'End the lease of fleet-pod-a' }).click();
  const dialog = page.getByRole('dialog', { name: 'End lease' });
  await expect(dialog).toContainText(
    'End the lease of fleet-pod-a? Its seat is free at once; the engine stops at its next renewal and may check out again while a seat is free.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(lease(page, 'fleet-pod-a')).toHaveCount(1);

  await lease(page, 'fleet-pod-a').getByRole('button', { name: 'End the lease of fleet-pod-a' }).click();
  const response = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/leases/'),
  );
  await page.getByRole('dialog', { name: 'End lease' }).getByRole('button', { name: 'End lease' }).click();
  expect((await response).status()).toBe(200);
  await expect(page.getByText('The lease of fleet-pod-a was ended.')).toBeVisible();
  await expect(lease(page, 'fleet-pod-a')).toHaveCount(0);
  await expect(license.getByTestId('lease-seats')).toHaveText('1 of 3 floating seats leased');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lease(page, 'fleet-pod-b')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await license.screenshot({ path: screenshotPath('license-leases-390') });
});

test('a plain user sees the live leases but cannot end them', async ({ page }) => {
  const { token } = await loginDemo(page);
  await checkOutLeases(page, token, ['fleet-pod-user']);
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD }, '/Subscriptions');
  await openEditor(page, FLEET);
  await expect(lease(page, 'fleet-pod-user')).toHaveCount(1);
  await expect(licenseSection(page).getByRole('button', { name: /^End the lease/ })).toHaveCount(0);
});
