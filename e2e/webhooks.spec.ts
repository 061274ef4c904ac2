import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoAxeViolations, loginDemo } from './support';

// Webhooks on API & Webhooks (docs/decisions/027): an admin adds an endpoint of their own system,
// copies its signing secret once, sends a test event that a real receiver gets and verifies with the
// Standard Webhooks library, reads its delivery and attempts, rolls the secret and deletes the endpoint.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The customer's system: takes every message on 127.0.0.1 (the demo sends there) and answers 200 ok. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now().toString(36)}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The store keeps its connection open for the next message.
        server.closeAllConnections();
      }),
  };
}

/** Verifies a message as the receiver's code would; throws when the signature does not match. */
function verify(secret: string, message: Received): { type: string; data: unknown } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers))
    if (typeof value === 'string') headers[name] = value;
  return new Webhook(secret).verify(message.body, headers) as { type: string; data: unknown };
}

const alert = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('an admin adds an endpoint, copies its secret once, and a test event reaches it signed', async ({
  page,
}) => {
  // A sign-in, several axe runs and two widths on a shared machine.
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    const { url, received } = receiver;
    await loginDemo(page, '/ApiTokens');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    const urlField = form.getByRole('textbox', { name: 'Endpoint URL' });
    const add = form.getByRole('button', { name: 'Add endpoint' });

    await test.step('an address that is not one, and one the server refuses, are said on the field', async () => {
      await urlField.fill('not an address');
      await urlField.blur();
      await expect(urlField).toHaveAccessibleDescription(
        /Endpoint URL must be a full address, such as https:\/\/example.com\/webhooks/,
      );
      await expect(add).toBeDisabled();
      // Well formed, but the server sends no password along: its reason lands on the field.
      await urlField.fill('http://someone:secret@127.0.0.1:9/hooks');
      await add.click();
      await expect(urlField).toHaveAccessibleDescription(
        /Endpoint URL must not carry a user name or password/,
      );
      await expect(urlField).toBeFocused();
      await expect(add).toBeDisabled();
      await form.screenshot({ path: `${SCREENS}webhooks-refused.png` });
    });

    // Two events only: with All events off, each event is listed with what it tells.
    await urlField.fill(url);
    await form.getByRole('checkbox', { name: 'All events' }).uncheck();
    await expect(form.getByRole('checkbox', { name: 'bill.paid', exact: true })).toHaveAccessibleDescription(
      'A bill was paid',
    );
    await expect(add).toBeDisabled();
    await form.getByRole('checkbox', { name: 'subscription.created', exact: true }).check();
    await form.getByRole('checkbox', { name: 'bill.paid', exact: true }).check();
    await form.getByRole('textbox', { name: 'Description' }).fill('Billing system');
    await page.screenshot({ path: `${SCREENS}webhooks-form.png`, fullPage: true });
    await add.click();

    await expect(alert(page, `Endpoint ${url} added.`)).toBeVisible();
    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = (await shown.textContent()) ?? '';
    await expect(page.getByTestId('new-webhook-secret')).toContainText('It is shown only once');
    await expect(form.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue('');

    const table = page.getByRole('table', { name: 'Webhook endpoints' });
    const row = table.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('subscription.created');
    await expect(row).toContainText('bill.paid');
    await expect(row).toContainText('Billing system');
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('Dana Demo');
    await expectNoAxeViolations(page);

    // The test event reaches the receiver, signed with the secret shown.
    await page.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(alert(page, 'Test event sent: Delivered, HTTP 200.')).toBeVisible();
    expect(received).toHaveLength(1);
    const first = received[0]!;
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(verify(secret, first).type).toBe('webhook.test');
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, first)).toThrow();

    // Done forgets the secret: it is not on the screen again, even after a reload.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText('Enabled');
    expect(await page.content()).not.toContain(secret.slice(6));
    await page.screenshot({ path: `${SCREENS}webhooks.png`, fullPage: true });

    await test.step('the deliveries show the test event, its attempt and answer; Retry sends it again', async () => {
      await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
      const dialog = page.getByRole('dialog', { name: `Deliveries to ${url}` });
      const delivery = dialog.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({
        hasText: 'webhook.test',
      });
      await expect(delivery).toContainText('Delivered');
      await expect(delivery).toContainText('HTTP 200');
      await expect(delivery.getByRole('cell').nth(3)).toHaveText('1');
      await expect(delivery).toContainText('None');
      const details = delivery.getByRole('button', { name: /^Details of webhook\.test/ });
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      const opened = dialog.locator(`#${await details.getAttribute('aria-controls')}`);
      await expect(opened).toContainText('HTTP 200');
      await expect(opened).toContainText('Manual');
      await expect(opened.locator('pre').first()).toHaveText('ok');
      await expect(opened.locator('pre').last()).toContainText('"type": "webhook.test"');
      // The dialog is fixed to the viewport: a full-page picture would draw it out of place.
      await page.screenshot({ path: `${SCREENS}webhooks-deliveries.png` });
      await expectNoAxeViolations(page);

      await delivery.getByRole('button', { name: /^Retry webhook\.test/ }).click();
      await expect(dialog.getByRole('status')).toHaveText('Delivery retried: Delivered, HTTP 200.');
      await expect(delivery.getByRole('cell').nth(3)).toHaveText('2');
      expect(received).toHaveLength(2);
      // The same message again: a receiver drops the repeat by its id.
      expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verify(secret, received[1]!).type).toBe('webhook.test');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('disabled and enabled again', async () => {
      await page.getByRole('button', { name: `Disable ${url}` }).click();
      await expect(row).toContainText('Disabled');
      await page.getByRole('button', { name: `Enable ${url}` }).click();
      await expect(row).toContainText('Enabled');
    });

    await test.step('a rolled secret is shown once and signs from now on, the old one beside it', async () => {
      await page.getByRole('button', { name: `Roll secret of ${url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Roll the signing secret?' });
      await expect(confirm).toContainText('the old one keeps signing beside it for 24 hours');
      await confirm.getByRole('button', { name: 'Roll secret' }).click();
      await expect(page.getByTestId('new-webhook-secret')).toBeFocused();
      const rolled = (await shown.textContent()) ?? '';
      expect(rolled).toMatch(/^whsec_/);
      expect(rolled).not.toBe(secret);
      await expect(row).toContainText('The previous secret also signs until');
      await page.getByRole('button', { name: `Send test event to ${url}` }).click();
      await expect(alert(page, 'Test event sent: Delivered, HTTP 200.')).toBeVisible();
      expect(received).toHaveLength(3);
      expect(verify(rolled, received[2]!).type).toBe('webhook.test');
      expect(verify(secret, received[2]!).type).toBe('webhook.test');
      await page.getByRole('button', { name: 'Done' }).click();
    });

    await test.step("a phone's width: each endpoint is a card, nothing scrolls sideways", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const card = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({
        hasText: url,
      });
      await expect(card).toContainText('bill.paid');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SCREENS}webhooks-390.png`, fullPage: true });
      await expectNoAxeViolations(page);

      await card.getByRole('button', { name: `Deliveries to ${url}` }).click();
      const dialog = page.getByRole('dialog', { name: `Deliveries to ${url}` });
      const cards = dialog.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
      await expect(cards).toHaveCount(2);
      await cards
        .first()
        .getByRole('button', { name: /^Details of webhook\.test/ })
        .click();
      await expect(cards.first()).toContainText('Manual');
      await page.screenshot({ path: `${SCREENS}webhooks-deliveries-390.png` });
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('deleted after a confirmation that names it', async () => {
      await page.getByRole('button', { name: `Delete endpoint ${url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
      await expect(confirm).toContainText(`${url} receives no more messages.`);
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(alert(page, `Endpoint ${url} deleted.`)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
    });
  } finally {
    await receiver.close();
  }
});
