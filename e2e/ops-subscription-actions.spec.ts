import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { newCustomer } from './support/accounts';
import { xsrfToken } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { buyWithCard } from './support/ops-console';
import { expect, screenshotPath, test, unique } from './support/smtp';

// The organization page's actions (docs/decisions/031): change of plan with its proration shown before
// the confirmation, an extension, a cancellation at period end; a customer's two-factor reset and an
// admin demoted, and the refusal to demote the last one. Each confirmed by typing what it names.

const PASSWORD = 'actions-password';

/** A call of the customer's API as the signed-in page makes it (bearer and XSRF echo). */
async function api(page: Page, token: string, url: string, data: unknown) {
  const xsrf = await xsrfToken(page);
  const res = await page.request.post(url, {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
    data,
  });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('an operator changes, extends and cancels a subscription, resets two-factor and demotes an admin', async ({
  page,
  ops,
  mailServer,
}) => {
  test.setTimeout(240_000);
  const { orgName, email, token } = await newCustomer(page, mailServer, 'Actions', PASSWORD);
  await buyWithCard(page, 'Artist', 'Artist Solo', 'Studio seat');

  // The owner signs in with two factors; a second administrator is added.
  const { secret } = await api(page, token, '/api/person/2fa/setup', {});
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  await api(page, token, '/api/person/2fa/enable', { code });
  const halEmail = `${unique('hal')}@example.com`;
  await api(page, token, '/api/person/create', {
    firstName: 'Hal',
    lastName: 'Helper',
    email: halEmail,
    password: 'helper-password',
    rights: 3,
  });

  await ops.goto(`/ops/organizations?q=${encodeURIComponent(email)}`);
  await ops.getByRole('table', { name: 'Organizations found' }).getByRole('link', { name: orgName }).click();
  await expect(ops.getByRole('heading', { level: 2, name: orgName })).toBeVisible();
  const subscriptions = ops.getByRole('table', { name: 'Subscriptions' });
  const alert = (text: string | RegExp) => ops.getByRole('status').filter({ hasText: text });
  // Behind a dialog's overlay the console's sticky header is blended with it once the page has
  // scrolled; the header is judged at the end, with no dialog open.
  const judgeDialog = () => expectNoAxeViolations(ops, { exclude: ['header'] });

  // Change of plan: the proration is shown, and it is what must be typed to confirm.
  await subscriptions.getByRole('button', { name: 'Change plan: Studio seat' }).click();
  const change = ops.getByRole('dialog');
  await change.getByRole('textbox', { name: /^Plan/ }).click();
  await ops.getByRole('option', { name: 'Artist Studio' }).click();
  await judgeDialog();
  await change.getByRole('button', { name: 'Show the proration' }).click();
  const quote = ops.getByTestId('change-quote');
  await expect(quote).toContainText(`Change 'Studio seat' of ${orgName}. The change applies now: $`);
  await expect(quote).toContainText('charged to the card on file.');
  const amount = (await quote.textContent())!.match(/\$[\d,]+\.\d\d/)![0];
  await judgeDialog();
  await ops.screenshot({ path: screenshotPath('ops-subscription-change-quote'), fullPage: true });
  await ops.getByRole('dialog').getByLabel('Amount billed now').fill(amount);
  await ops.getByRole('dialog').getByRole('button', { name: 'Change plan' }).click();
  await expect(
    alert(`'Studio seat' changed now; ${amount} was billed for the rest of its period.`),
  ).toBeVisible();
  await expect(subscriptions).toContainText('Artist Studio');

  // Extend by ten days, at no charge.
  await subscriptions.getByRole('button', { name: 'Extend: Studio seat' }).click();
  await ops.getByRole('dialog').getByLabel('Days to add, at no charge').fill('10');
  await ops.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(ops.getByRole('dialog')).toContainText(
    `Extend 'Studio seat' of ${orgName} by 10 days, at no charge`,
  );
  await ops.getByRole('dialog').getByLabel('Subscription name').fill('Studio seat');
  await ops.getByRole('dialog').getByRole('button', { name: 'Extend' }).click();
  await expect(alert(/^'Studio seat' runs 10 days longer, at no charge: it now renews on /)).toBeVisible();

  // Users: reset a second factor, demote an admin, and the refusal to demote the last one.
  const users = ops.getByRole('table', { name: 'Users' });
  await users.getByRole('button', { name: 'Reset two-factor: Ava Owner' }).click();
  await expect(ops.getByRole('dialog')).toContainText(
    `Reset the two-factor sign-in of Ava Owner (${email}) at ${orgName}`,
  );
  await ops.getByRole('dialog').getByLabel("User's email").fill(email);
  await ops.getByRole('dialog').getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(
    alert("Ava Owner's two-factor sign-in is reset: they set it up again at their next sign-in."),
  ).toBeVisible();
  await expect(users.getByRole('button', { name: 'Reset two-factor: Ava Owner' })).toHaveCount(0);

  await users.getByRole('button', { name: 'Make user: Hal Helper' }).click();
  await ops.getByRole('dialog').getByLabel("User's email").fill(halEmail);
  await ops.getByRole('dialog').getByRole('button', { name: 'Make user' }).click();
  await expect(alert('Hal Helper is now a user, no longer an administrator.')).toBeVisible();
  await users.getByRole('button', { name: 'Make user: Ava Owner' }).click();
  await ops.getByRole('dialog').getByLabel("User's email").fill(email);
  await ops.getByRole('dialog').getByRole('button', { name: 'Make user' }).click();
  await expect(
    ops.getByRole('alert').filter({
      hasText: `Ava Owner is the only administrator of ${orgName}: make another user an administrator first.`,
    }),
  ).toBeVisible();

  // Cancel at the end of the paid period: the subscription runs to its renewal and offers no actions.
  await subscriptions.getByRole('button', { name: 'Cancel subscription: Studio seat' }).click();
  await expect(ops.getByRole('dialog').getByLabel(/^At the end of the paid period/)).toBeChecked();
  await ops.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(ops.getByRole('dialog')).toContainText(
    `Cancel 'Studio seat' of ${orgName} at the end of its paid period`,
  );
  await ops.getByRole('dialog').getByLabel('Subscription name').fill('Studio seat');
  await ops.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(alert(/^'Studio seat' is cancelled: it runs until .* and does not renew\.$/)).toBeVisible();
  await expect(subscriptions).toContainText('Cancelled');
  await expect(subscriptions.getByRole('button', { name: 'Extend: Studio seat' })).toHaveCount(0);

  await ops.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-organization-actions'), fullPage: true });
  await ops.setViewportSize({ width: 390, height: 844 });
  await ops.screenshot({ path: screenshotPath('ops-organization-actions-390'), fullPage: true });
  await ops.context().close();
});
