import type { Page } from '@playwright/test';
import { type LoginResult, signIn } from './auth';
import { expect, type MailServer, unique } from './smtp';

export interface Registered {
  orgName: string;
  email: string;
  password: string;
}

/** Registers an organization through the Register screen and verifies its admin from the mail. */
export async function registerAndVerify(page: Page, mailServer: MailServer, r: Registered): Promise<void> {
  const since = mailServer.smtp.received.length;
  await page.goto('/register');
  await page.getByLabel('Organization Name').fill(r.orgName);
  await page.getByLabel('Address 1').fill('10 Downing Lane');
  await page.getByLabel('City').fill('Boulder');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Postal Code').fill('80301');
  await page.getByLabel('First Name').fill('Ava');
  await page.getByLabel('Last Name').fill('Owner');
  await page.getByLabel('Email').fill(r.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(r.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login/);
  const mail = await mailServer.waitForMail(r.email, 'Verify your e-mail address', since);
  await page.goto(mailServer.linkIn(mail, 'VerifyEmail'));
  await expect(page.getByRole('heading', { name: 'Email Successfully Verified' })).toBeVisible();
}

/** Registers and verifies as registerAndVerify does, then signs the new admin in; answers the sign-in. */
export async function registerAndSignIn(
  page: Page,
  mailServer: MailServer,
  r: Registered,
): Promise<LoginResult> {
  await registerAndVerify(page, mailServer, r);
  return signIn(page, r);
}

/** Asks for a password reset on Forgot Password, as a customer does; answers the link the mail brings. */
export async function requestPasswordReset(
  page: Page,
  mailServer: MailServer,
  email: string,
): Promise<string> {
  const since = mailServer.smtp.received.length;
  await page.goto('/ForgotPassword');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  const mail = await mailServer.waitForMail(email, 'Reset your password', since);
  return mailServer.linkIn(mail, 'ResetPassword');
}

/** A new organization of the spec's own, its name and its admin's address made unique from `name`, registered and verified. */
export async function newOrganization(
  page: Page,
  mailServer: MailServer,
  name: string,
  password?: string,
): Promise<Registered> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const r = {
    orgName: unique(`${name} Org`),
    email: `${unique(slug)}@example.com`,
    password: password ?? `${slug}-password`,
  };
  await registerAndVerify(page, mailServer, r);
  return r;
}

/** newOrganization, its admin then signed in. */
export async function newCustomer(
  page: Page,
  mailServer: MailServer,
  name: string,
  password?: string,
): Promise<Registered & LoginResult> {
  const r = await newOrganization(page, mailServer, name, password);
  return { ...r, ...(await signIn(page, r)) };
}
