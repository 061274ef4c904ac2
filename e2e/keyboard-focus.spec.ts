import { expect, test } from '@playwright/test';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD } from './support';
import { describeFocus, expectFocused, signInByKeyboard, tabTo } from './support/keyboard';

// Where focus goes by keyboard alone: after a screen change to the new screen's heading, after an
// action to its result (the message, the next field, the row), never to the page body, where the
// next Tab would start over from a leftover point of the old screen.

const PLAIN_USER = 'jane.miller@example.com';
// The subscriptions of 'Subscription QA Ltd.' that tests change (seed/subscription-seeds.ts).
const QA_EMAIL = 'qa.subscriptions@example.com';

test('signing in: the Company select takes focus when it appears, then the next screen its heading', async ({
  page,
}) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO_EMAIL);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  // A refused sign-in: focus on the message that says why.
  const refused = page.getByRole('alert').filter({ hasText: /password/i });
  await expectFocused(page, refused, 'a refused Login');

  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const company = page.getByLabel('Company');
  await expectFocused(page, company, 'Login answered that the e-mail belongs to two organizations');
  const companies = await company.locator('option').allTextContents();
  for (let i = 0; i < companies.indexOf(DEMO_COMPANY); i++) await page.keyboard.press('ArrowDown');
  await expect(company.locator('option:checked')).toHaveText(DEMO_COMPANY);
  await page.keyboard.press('Tab');
  await expectFocused(page, page.getByRole('button', { name: 'Login' }), 'Tab from Company');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/Subscriptions');
  await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Subscriptions' }), 'signing in');
});

test('a screen change moves focus to the new screen heading, by nav link and by menu item', async ({
  page,
}) => {
  await signInByKeyboard(page, PLAIN_USER, DEMO_PASSWORD);
  await expectFocused(page, page.getByRole('heading', { level: 1 }), 'signing in');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: /Shopping Cart/ }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/Cart');
  await expectFocused(page, page.getByRole('heading', { level: 1 }), 'following Shopping Cart');
  // The next Tab starts from the new screen, not from the nav link that was followed.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    `Tab after the screen change went to ${await describeFocus(page)}`,
  ).toBe(true);

  await tabTo(page, page.getByRole('button', { name: 'Jane Miller' }), { back: true });
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('menuitem', { name: 'My Account' }), 'opening the user menu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Account\/\d+$/);
  // The account loads after the screen: focus waits for its heading.
  await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Update Account' }), 'My Account');
});

test("the cookie notice's Got it hands focus to the next control", async ({ page }) => {
  await page.goto('/catalog');
  const gotIt = page.getByRole('button', { name: 'Got it' });
  await tabTo(page, gotIt);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  await expectFocused(page, page.getByRole('link', { name: 'Subscription Store' }), 'Got it');
});

test('Account: Update and Escape return focus to the field; the success message is announced', async ({
  page,
}) => {
  await signInByKeyboard(page, PLAIN_USER, DEMO_PASSWORD);
  const menu = page.getByRole('button', { name: 'Jane Miller' });
  await tabTo(page, menu, { back: true });
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('menuitem', { name: 'My Account' }), 'opening the user menu');
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Update Account' }), 'My Account');

  // A live region announces only text set into it after it existed: remember the ones there now.
  await page.evaluate(() => {
    (window as unknown as { liveBefore: Element[] }).liveBefore = [
      ...document.querySelectorAll('[role=status], [aria-live]'),
    ];
  });
  const editLastName = page.getByRole('button', { name: 'Edit Last Name' });
  await tabTo(page, editLastName);
  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: 'Last Name' });
  await expectFocused(page, field, 'Edit Last Name');
  await page.keyboard.press('End');
  await page.keyboard.type('son');
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(page.getByTestId('lastName-value')).toHaveText('Miller');
  await expectFocused(page, editLastName, 'Escape in the Last Name field');

  await page.keyboard.press('Enter');
  await expectFocused(page, field, 'Edit Last Name');
  await page.keyboard.press('Enter');
  const saved = page.getByRole('status').filter({ hasText: 'User updated successfully.' });
  await expect(saved).toBeVisible();
  await expectFocused(page, editLastName, 'Update');
  expect(
    await saved.evaluate((el) => (window as unknown as { liveBefore: Element[] }).liveBefore.includes(el)),
    'the success message is written into a live region that was there before',
  ).toBe(true);
});

test('Users: Delete hands focus to the message that says it is done', async ({ page }) => {
  await signInByKeyboard(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);
  const email = `keyboard.delete.${Date.now()}@example.com`;
  const created = await page.evaluate(async (address) => {
    const { token } = JSON.parse(localStorage.getItem('currentUser') ?? '{}');
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const answer = await fetch('/api/person/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        firstName: 'Kay',
        lastName: 'Board',
        email: address,
        password: 'Horse-staple-71',
        rights: 1,
      }),
    });
    return answer.status;
  }, email);
  expect(created).toBeLessThan(300);

  await tabTo(page, page.getByRole('button', { name: 'Dana Demo' }), { back: true });
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('menuitem', { name: 'My Account' }), 'opening the user menu');
  await page.keyboard.press('ArrowDown');
  await expectFocused(page, page.getByRole('menuitem', { name: 'Manage Users' }), 'ArrowDown in the menu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/Organization');
  const row = page.getByRole('row').filter({ hasText: email });
  // A keyboard user starts once the list is there: while it loads, the rows it replaces take the
  // focus with them.
  await expect(row).toBeVisible();
  await tabTo(page, row.getByRole('button', { name: /Delete/ }), { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expectFocused(page, dialog.getByRole('textbox'), 'Delete');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expectFocused(
    page,
    page.getByRole('status').filter({ hasText: 'User deleted successfully.' }),
    'Delete',
  );
});

test('Subscriptions: Save Changes hands focus to the message that says what was saved', async ({ page }) => {
  await signInByKeyboard(page, QA_EMAIL, DEMO_PASSWORD);
  await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Subscriptions' }), 'signing in');
  await tabTo(page, page.getByRole('button', { name: 'Edit QA Keyboard', exact: true }), { max: 80 });
  await page.keyboard.press('Enter');
  const editor = page.getByRole('form', { name: 'Edit QA Keyboard' });
  const overages = editor.getByLabel('Max Overages');
  // The row opens with the editor's chunk and an animation; Tab goes into it once it is there.
  await expect(overages).toBeVisible();
  await expect
    .poll(() => page.locator('[data-detail-open="true"]').evaluate((el) => el.getAnimations().length))
    .toBe(0);
  await tabTo(page, overages);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(10 + (Date.now() % 80)));
  await page.keyboard.press('Enter');
  await expectFocused(
    page,
    page.getByRole('status').filter({ hasText: 'Your changes were saved.' }),
    'Save Changes',
  );
});
