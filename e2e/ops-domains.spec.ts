import { SsoMessages } from '@store/core';
import { loginDemo } from './support';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

// The console's organization page verifies a domain an organization's admin claimed but could not
// show as their own address's (docs/decisions/037), as `npm run ops -- org:verify-domain` does.

test('an operator verifies an organization’s pending domain from its page', async ({ page, ops }) => {
  test.setTimeout(180_000);
  const domain = `${unique('pending')}.test`.toLowerCase();
  await loginDemo(page, '/SingleSignOn');
  await page.getByRole('textbox', { name: SsoMessages.domainLabel }).fill(domain);
  await page.getByRole('button', { name: SsoMessages.claim }).click();
  await expect(page.getByRole('row').filter({ hasText: domain })).toContainText(SsoMessages.pending);

  await ops.goto('/ops/organizations');
  await ops.getByLabel('Name, e-mail or license key').fill('Demo Documents Inc.');
  await ops.getByRole('button', { name: 'Search' }).click();
  await ops
    .getByRole('table', { name: 'Organizations found' })
    .getByRole('link', { name: 'Demo Documents Inc.' })
    .click();
  const domains = ops.getByRole('region', { name: SsoMessages.domainsHeading });
  const row = domains.getByRole('row').filter({ hasText: domain });
  // The domains are asked for once the page's other sections have rendered: on a loaded machine, late.
  await expect(row).toContainText(SsoMessages.pending, { timeout: 45_000 });
  await expect(domains.getByRole('row').filter({ hasText: 'example.com' })).toContainText(
    SsoMessages.verified,
  );
  await expectNoAxeViolations(ops);
  await domains.scrollIntoViewIfNeeded();
  await ops.screenshot({ path: screenshotPath('ops-organization-domains') });
  await row.getByRole('button', { name: `${SsoMessages.opsVerify} ${domain}` }).click();
  await expect(ops.getByText(SsoMessages.opsVerified(domain))).toBeVisible();
  await expect(row).toContainText(SsoMessages.verified);
  await expect(row.getByRole('button')).toHaveCount(0);
  await ops.setViewportSize({ width: 390, height: 844 });
  await domains.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-organization-domains-390') });

  // The admin sees it verified; released again so the demo keeps its one domain.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: domain })).toContainText(SsoMessages.verified);
  await page.getByRole('button', { name: `${SsoMessages.release} ${domain}` }).click();
  await expect(page.getByText(SsoMessages.released(domain))).toBeVisible();
});
