import { expect, type Page } from '@playwright/test';
import { SsoMessages } from '@store/core';
import { startSamlTestIdp } from '../apps/server/test/support/saml-test-idp';
import { expectNoAxeViolations, loginDemo } from './support';
import { testWithIdentityProvider } from './support/identity-provider';
import { screenshotPath } from './support/smtp';

// SAML 2.0 single sign-on in the browser (docs/decisions/037), against a real identity provider this
// spec starts (its own self-signed certificate; its page posts the signed answer to the ACS as the
// HTTP-POST binding does): the admin's set-up with the default role, sign-in with just-in-time
// provisioning, and a wrongly signed answer refused in words. The demo organization holds example.com.

const test = testWithIdentityProvider('saml', () => startSamlTestIdp());

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The protocol's segmented control: its radio is visually hidden behind its label. */
async function chooseSaml(page: Page) {
  await page.locator('label').filter({ hasText: SsoMessages.samlHeading }).click();
  await expect(page.getByRole('radio', { name: SsoMessages.samlHeading })).toBeChecked();
}

async function offered(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const button = page.getByRole('link', { name: SsoMessages.continueWithSso });
  await expect(button).toBeVisible();
  return button;
}

test('an admin sets up SAML 2.0 with the provider’s metadata and a default role', async ({ page, sso }) => {
  await loginDemo(page, '/SingleSignOn');
  await chooseSaml(page);
  const entityId = `${sso.server.url}/api/sso/saml/metadata/`;
  await expect(page.getByTestId('sso-sp-entity-id')).toContainText(entityId);
  await expect(page.getByTestId('sso-acs-url')).toHaveText(`${sso.server.url}/api/sso/saml/acs`);
  // The store's metadata, downloaded as the admin would to give the provider.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: SsoMessages.spMetadataDownload }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(file, 'utf8')).toContain('AssertionConsumerService');

  await page.getByRole('button', { name: SsoMessages.save }).click();
  await expect(page.getByText(SsoMessages.metadataRequired)).toBeVisible();
  await page.getByLabel(SsoMessages.metadataXmlLabel).fill(sso.idp.metadataXml);
  await page.getByRole('textbox', { name: SsoMessages.defaultRoleLabel }).click();
  await page.getByRole('option', { name: 'Developer' }).click();
  await page.getByRole('button', { name: SsoMessages.save }).click();
  await expect(page.getByText(SsoMessages.saved)).toBeVisible();
  await expect(page.getByTestId('sso-saml-kept')).toHaveText(SsoMessages.metadataKept(sso.idp.entityId));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-saml-settings-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await chooseSaml(page);
  await expect(page.getByTestId('sso-acs-url')).toBeVisible();
  const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrollsSideways).toBe(false);
  await page.screenshot({ path: screenshotPath('sso-saml-settings-390'), fullPage: true });
});

test('a new person at the claimed domain signs in through the SAML provider with the default role', async ({
  page,
  sso,
}) => {
  sso.idp.signInAs('sam.saml@example.com', { firstName: 'Sam', lastName: 'Saml' });
  const button = await offered(page, 'sam.saml@example.com');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-saml-login-offer') });
  await button.click();
  // The provider's page posts the signed answer to the ACS; the store signs the person in.
  await expect(page).toHaveURL(/\/Subscriptions/);
  expect(page.url()).not.toContain('ticket');
  const stored = await page.evaluate(
    () => localStorage.getItem('currentUser') ?? sessionStorage.getItem('currentUser'),
  );
  const { person } = JSON.parse(stored ?? '{}');
  expect(person).toMatchObject({ email: 'sam.saml@example.com', firstName: 'Sam', rights: 1 | 16 });
});

test('the sign-in step on a phone offers single sign-on', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await offered(page, 'someone@example.com');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-saml-login-offer-390') });
});

test('an answer signed with another certificate is refused in words', async ({ page, sso }) => {
  sso.idp.signInAs('mallory@example.com');
  sso.idp.tamper('foreign-signature');
  await (await offered(page, 'mallory@example.com')).click();
  await expect(
    page.getByRole('alert').filter({ hasText: SsoMessages.refusals['bad-signature'] }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: SsoMessages.backToSignIn })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-saml-refused') });
  sso.idp.signInAs('mallory@example.com');
  sso.idp.tamper('unsigned');
  await (await offered(page, 'mallory@example.com')).click();
  await expect(page.getByRole('alert').filter({ hasText: SsoMessages.refusals.unsigned })).toBeVisible();
});
