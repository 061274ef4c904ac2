import { newCustomer } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { buyWithCard, openSection } from './support/ops-console';
import { expect, screenshotPath, test } from './support/smtp';

// The operator console's catalogue (docs/design.md §2) end to end: an operator creates a product and a
// plan, a customer buys it, the operator reprices it and takes it off sale, and the customer keeps it
// as '(Grandfathered)'. A customer has no way into the console.

test('a product and plan from the console are bought, repriced and grandfathered', async ({
  page,
  ops,
  mailServer,
}) => {
  test.setTimeout(240_000);
  await newCustomer(page, mailServer, 'Buyer');

  // The operator reaches the console from the user menu.
  await ops.getByRole('button', { name: /Operator/ }).click();
  await ops.getByRole('menuitem', { name: 'Operator console' }).click();
  await expect(ops).toHaveURL(/\/ops$/);
  await expect(ops.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await openSection(ops, 'Catalogue');

  const productName = `Scan${Date.now().toString(36)}`;
  await ops.getByRole('button', { name: 'Add product' }).click();
  const productDialog = ops.getByRole('dialog');
  await expect(productDialog.getByText('New product', { exact: true })).toBeVisible();
  await productDialog.getByRole('textbox', { name: /^Name/ }).fill(productName);
  await productDialog.getByLabel('Title').fill(`${productName} Flex`);
  await productDialog.getByLabel('Description').fill('Pages scanned on demand.');
  // A flag value no demo product has (flags are unique): Scout and RESTful, a usage-billed plan.
  await productDialog.getByRole('checkbox', { name: /Scout/ }).check();
  await productDialog.getByRole('checkbox', { name: /RESTful/ }).check();
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-product-form'), fullPage: true });
  await productDialog.getByRole('button', { name: 'Save product' }).click();
  await expect(
    ops.getByRole('status').filter({ hasText: `Product ${productName} Flex saved` }),
  ).toBeVisible();

  const product = ops.getByRole('region', { name: `${productName} Flex`, exact: true });
  await product.getByRole('button', { name: `Add plan to ${productName} Flex` }).click();
  const planDialog = ops.getByRole('dialog');
  await expect(planDialog.getByText(`New plan of ${productName} Flex`)).toBeVisible();
  await planDialog.getByLabel('Plan name').fill('Scan Basic');
  await planDialog.getByLabel('Description').fill('Ten thousand pages a month.');
  await planDialog.getByLabel('Monthly fee').fill('40');
  await planDialog.getByLabel('Base RTUs').fill('10000');
  await planDialog.getByLabel('Overage per RTU').fill('0.01');
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-plan-form'), fullPage: true });
  await planDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Plan Scan Basic saved' })).toBeVisible();
  const planRow = product.getByRole('row', { name: /Scan Basic/ });
  await expect(planRow).toContainText('$40.00');
  await expect(planRow).toContainText('Available');
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-catalogue'), fullPage: true });

  // The product's EULA, as an HTML page.
  const chooser = ops.waitForEvent('filechooser');
  await product.getByLabel(`New EULA of ${productName} Flex`).click();
  await (await chooser).setFiles({
    name: 'eula.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<h1>Scan EULA</h1><p>Scan responsibly.</p>'),
  });
  await product.getByRole('button', { name: 'Upload' }).click();
  // Nothing is sent before the operator types the product's title.
  const replace = ops.getByRole('dialog');
  await expect(replace).toContainText(`${productName} Flex`);
  await replace.getByLabel('Product title').fill(`${productName} Flex`);
  await replace.getByRole('button', { name: 'Replace EULA' }).click();
  await expect(
    ops.getByRole('status').filter({ hasText: `EULA of ${productName} Flex replaced` }),
  ).toBeVisible();
  await expect(product).toContainText('EULA: HTML');

  // The customer buys the new plan.
  await buyWithCard(page, productName, 'Scan Basic', 'Scanning desk');

  // A trial offered from the plan form (docs/decisions/043): out of bounds is refused in the form's
  // words; saved, the product page offers it to an organization that has not had one of this plan
  // (this customer bought before the trial existed), priced as its first period will be: a year at the
  // annual cycle's discount.
  await ops.reload();
  await planRow.getByRole('button', { name: 'Edit plan Scan Basic' }).click();
  const trialDialog = ops.getByRole('dialog');
  await trialDialog.getByLabel('Trial days').fill('91');
  await trialDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(trialDialog.getByText('Trial days must be at most 90')).toBeVisible();
  await trialDialog.getByLabel('Trial days').fill('21');
  await trialDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Plan Scan Basic saved' })).toBeVisible();
  await page.goto(`/Products/${productName}`);
  await page
    .getByTestId('pricing-table')
    .getByRole('row', { name: /Scan Basic/ })
    .click();
  await expect(page.getByTestId('form-trial')).toHaveText(
    /^Trial: ends [A-Z][a-z]{2} \d{1,2}, \d{4}, then \$432\.00 per year$/,
  );

  // A price change says whom it reaches before it is saved; taking the plan off sale says who keeps it.
  await ops.reload();
  await expect(planRow.getByRole('cell').nth(3)).toHaveText('1');
  await planRow.getByRole('button', { name: 'Edit plan Scan Basic' }).click();
  const editDialog = ops.getByRole('dialog');
  await expect(editDialog.getByText('Edit plan Scan Basic')).toBeVisible();
  await editDialog.getByLabel('Monthly fee').fill('45');
  await expect(editDialog.getByTestId('price-impact')).toHaveText(
    /This change applies to new purchases now and to 1 existing subscription at their next renewal\./,
  );
  await editDialog.getByLabel(/^Take the new price at their next renewal/).check();
  await editDialog.getByLabel('Available for purchase').uncheck();
  await expect(editDialog.getByTestId('unavailable-note')).toContainText("shows it as '(Grandfathered)'");
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-plan-price-change'), fullPage: true });
  await editDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Plan Scan Basic saved' })).toBeVisible();
  await expect(planRow).toContainText('Unavailable');
  await expect(planRow).toContainText('$45.00');

  // The customer keeps the plan, shown as grandfathered in the subscription editor.
  await page.goto('/Subscriptions');
  await page.getByRole('button', { name: 'Edit Scanning desk', exact: true }).click();
  await expect(page.locator('[data-detail-open="true"]').getByLabel('Pricing Plan')).toHaveValue(
    'Scan Basic (Grandfathered)',
  );
  await ops.context().close();
});

test('a customer has no way into the console, and their first load holds none of it', async ({
  page,
  mailServer,
}) => {
  test.setTimeout(120_000);
  await newCustomer(page, mailServer, 'First Load');
  await page.waitForLoadState('networkidle');
  // The scripts' addresses are noted as they load and their bodies fetched afterwards: a response
  // of a page the browser has navigated away from keeps no body, and hashed assets never change.
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto('/Subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).not.toContain('/api/ops/');

  // The console does not exist for a customer: no menu entry, and /ops goes where unknown paths go.
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Operator console' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  for (const path of ['/ops', '/ops/catalog', '/ops/bills/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/Subscriptions$/);
  }
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const api = await page.request.get('/api/ops/catalog', { headers: { authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(404);
});
