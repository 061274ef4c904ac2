import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { base32 } from '@store/core';
import { expectNoAxeViolations, loginDemo } from './support';
import { screenshotPath } from './support/smtp';
import { editor, expectNoSidewaysScroll } from './support/subscription-editor';

// Offline activation by request file in the License section (docs/decisions/040): an activation
// request uploaded (and one pasted), the signed answer downloaded, a usage file counted once, and the
// seat freed by the release code. Only the demo's 'Flex Reporting' is touched: its engines are not
// limited, so the seat taken changes no count another spec reads, and the usage reported is 0 pages.

const FLEX = 'Flex Reporting';

const offline = (page: Page) => editor(page).getByTestId('offline-activations');

const requestOf = (licenseKey: string, host: string) => ({
  type: 'activation-request',
  version: 1,
  licenseKey,
  fingerprint: `e2e-${host}`,
  hostname: host,
  kind: 'engine',
  engineVersion: '1.0.0',
  nonce: `e2e-${host}-${Date.now()}`,
});

/** The payload of a downloaded license file (what the engine's install reads). */
function payloadOf(licenseFile: string) {
  const armour = licenseFile.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const { enc } = JSON.parse(Buffer.from(armour, 'base64').toString('utf8'));
  return JSON.parse(Buffer.from(enc, 'base64').toString('utf8')) as {
    fileId: string;
    fingerprint: string;
    usageKey: string;
    engineHosts: string[];
  };
}
const hmac = (usageKey: string, text: string) =>
  createHmac('sha256', Buffer.from(usageKey, 'base64url')).update(text).digest();

/** Chooses a file through the input's file chooser, as a person does. */
async function choose(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await offline(page).getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

/** Uploads the request in the file input and answers the downloaded license file's text. */
async function uploadAndDownload(page: Page, fill: () => Promise<void>) {
  await fill();
  const download = page.waitForEvent('download');
  await offline(page).getByRole('button', { name: 'Upload activation request' }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('an activation request uploaded in the License section answers a license file to download; usage and release follow', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { token } = await loginDemo(page);
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const flex = (
    (await list.json()) as { subscriptionId: number; description: string; apiKey1: string }[]
  ).find((s) => s.description === FLEX)!;
  await page.goto('/Subscriptions');
  await page.getByRole('button', { name: `Edit ${FLEX}`, exact: true }).click();
  await expect(offline(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await offline(page).screenshot({ path: screenshotPath('license-offline-activation-1280') });

  // Uploaded as a file.
  const uploaded = await uploadAndDownload(page, () =>
    choose(page, 'Activation request file', {
      name: 'req.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(requestOf(flex.apiKey1, 'e2e-offline-a'))),
    }),
  );
  expect(uploaded.name).toBe(`license_${flex.subscriptionId + 50_000}_e2e-offline-a.lic`);
  expect(uploaded.text).toContain('-----BEGIN LICENSE FILE-----');
  const payload = payloadOf(uploaded.text);
  expect(payload).toMatchObject({ engineHosts: ['e2e-offline-a'], fingerprint: 'e2e-e2e-offline-a' });
  await expect(page.getByText('A license file for e2e-offline-a was signed and downloaded.')).toBeVisible();

  // Pasted.
  const pasted = await uploadAndDownload(page, () =>
    offline(page)
      .getByLabel('Or paste the activation request')
      .fill(JSON.stringify(requestOf(flex.apiKey1, 'e2e-offline-b'))),
  );
  expect(pasted.name).toBe(`license_${flex.subscriptionId + 50_000}_e2e-offline-b.lic`);

  // The engine's usage file (0 pages: the demo's figures stay as other specs read them), counted once.
  const enc = Buffer.from(
    JSON.stringify({
      type: 'usage',
      version: 1,
      fileId: payload.fileId,
      fingerprint: payload.fingerprint,
      reports: [
        {
          transactionId: `e2e-${payload.fileId}`,
          hostname: 'e2e-offline-a',
          pages: 0,
          time: new Date().toISOString(),
        },
      ],
    }),
  ).toString('base64');
  const usageFile = {
    name: 'usage.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        enc,
        sig: hmac(payload.usageKey, `usage/${enc}`).toString('base64'),
        alg: 'base64+hmac-sha256',
      }),
    ),
  };
  const result = offline(page).getByTestId('usage-file-result');
  for (const expected of [
    '1 report counted, 0 repeats already counted.',
    '0 reports counted, 1 repeat already counted.',
  ]) {
    await choose(page, 'Usage file', usageFile);
    await offline(page).getByRole('button', { name: 'Upload usage file' }).click();
    await expect(result).toHaveText(expected);
  }

  // The release code the engine prints when it removes the file frees the seat.
  const code = base32(
    hmac(payload.usageKey, `${payload.fileId}|${payload.fingerprint}|release`).subarray(0, 10),
  );
  await offline(page).getByRole('textbox', { name: 'Release code' }).fill(code.match(/.{4}/g)!.join('-'));
  await offline(page).getByRole('button', { name: 'Enter release code' }).click();
  await expect(page.getByText('The seat of e2e-offline-a was freed.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(offline(page)).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The editor lays itself out again for a phone once it has seen the new width: a section found
  // before that is replaced while it is photographed.
  await expect(async () =>
    offline(page).screenshot({ path: screenshotPath('license-offline-activation-390'), timeout: 5_000 }),
  ).toPass({ timeout: 20_000 });
});
