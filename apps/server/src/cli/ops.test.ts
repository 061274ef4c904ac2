import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BillingMode, BillStatus, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscriber } from '../../test/support/billing';
import { opsCli } from '../../test/support/ops-cli';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { orders, organizations, perpetualLicenses, persons, subscriptions } from '../db/schema';
import { ManualClock } from '../lib/clock';
import { readDemoClockOffset } from '../modules/billing/scheduler';
import { insertBill } from '../modules/bills/bills.repository';
import { OpsError } from './ops-error';

let t: TestApp;
const lines: string[] = [];
const ops = opsCli(() => t, lines, { mode: 'demo', publicUrl: 'http://localhost:3000' });

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-02T12:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

describe('operator commands', () => {
  it('creates an organization with its admin, optionally under a parent, who can then sign in', async () => {
    expect(
      await ops(
        'org:create',
        '--name',
        'Ops Parent Ltd.',
        '--admin-email',
        'ops-parent@example.com',
        '--admin-first',
        'Olga',
        '--admin-last',
        'Ops',
        '--admin-password',
        'long-enough-1',
        '--country',
        'us',
      ),
    ).toBe(0);
    const [parent] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, 'Ops Parent Ltd.'));
    expect(parent!.country).toBe('US');
    await ops(
      'org:create',
      '--name',
      'Ops Child GmbH',
      '--parent',
      String(parent!.id),
      '--admin-email',
      'ops-child@example.com',
      '--admin-first',
      'Carl',
      '--admin-last',
      'Child',
      '--admin-password',
      'long-enough-2',
    );
    expect(lines[0]).toContain(`under ${parent!.id} 'Ops Parent Ltd.'`);
    const [child] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, 'Ops Child GmbH'));
    expect(child!.parentOrganizationId).toBe(parent!.id);
    const admin = await t.login('ops-child@example.com', 'long-enough-2');
    expect(admin.person.rights & Rights.Admin).toBe(Rights.Admin);
  });

  it('sets discount, monthly, perpetual and invoice terms', async () => {
    const [org] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, 'Ops Parent Ltd.'));
    await ops(
      'org:set',
      String(org!.id),
      '--discount',
      '0.15',
      '--allow-monthly',
      'no',
      '--perpetual',
      'yes',
      '--invoice',
      'yes',
      '--terms',
      '60',
    );
    const [after] = await t.db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect([
      after!.discountBp,
      after!.allowMonthly,
      after!.isPerpetualAccount,
      after!.billedByInvoice,
      after!.paymentTermsDays,
    ]).toEqual([1500, false, true, true, 60]);
  });

  it('adds a perpetual license and promotes an admin', async () => {
    const [org] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.companyName, 'Ops Parent Ltd.'));
    await ops(
      'license:add',
      String(org!.id),
      '--product',
      'pro',
      '--description',
      'Plant floor',
      '--version',
      '12.1',
      '--machines',
      '2',
      '--cpus',
      '8',
    );
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.description, 'Plant floor'));
    expect([sub!.isPerpetualLicense, sub!.billingMode, sub!.nextBaseBillingDate]).toEqual([
      true,
      BillingMode.NoBill,
      null,
    ]);
    const [lic] = await t.db
      .select()
      .from(perpetualLicenses)
      .where(eq(perpetualLicenses.subscriptionId, sub!.id));
    expect([lic!.version, lic!.numMachines, lic!.numCpus]).toEqual(['12.1', 2, 8]);

    await ops('admin:promote', 'jane.miller@example.com');
    const [jane] = await t.db.select().from(persons).where(eq(persons.email, 'jane.miller@example.com'));
    expect(jane!.rights & Rights.Admin).toBe(Rights.Admin);
  });

  it('runs the billing cycle, lists past-due bills and marks an offline invoice paid', async () => {
    const artistSolo = { plan: 'Artist Solo', purchasedAt: '2026-10-01T00:00:00Z' };
    await makeSubscriber(
      t.db,
      { name: 'Invoice Ops Co.', billedByInvoice: true },
      { ...artistSolo, description: 'Invoiced' },
    );
    await makeSubscriber(
      t.db,
      { name: 'Declined Ops Co.', paymentMethodId: 'pm_card_chargeDeclined' },
      { ...artistSolo, description: 'Declined' },
    );
    await ops('billing:run');
    expect(lines.join('\n')).toMatch(/renewed \d+/);
    await ops('bills:past-due');
    const invoiceLine = lines.find((l) => l.includes('Invoice Ops Co.'))!;
    expect(invoiceLine).toContain('Invoiced');
    expect(lines.find((l) => l.includes('Declined Ops Co.'))).toContain('Past Due');
    const orderId = Number(/^#(\d+)/.exec(invoiceLine)![1]);
    await ops('invoice:paid', String(orderId));
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(bill!.status).toBe(BillStatus.OfflinePaid);
    expect(bill!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(
      lines.some((l) => l.startsWith(`Bill ${bill!.invoiceNumber} ($`) && l.includes(') is marked paid on ')),
    ).toBe(true);
    await expect(ops('invoice:paid', String(orderId))).rejects.toThrow(
      `Bill ${bill!.invoiceNumber} is already paid.`,
    );
  });

  it('advances and resets the demo clock', async () => {
    await ops('clock:advance', '30');
    expect(Math.round((await readDemoClockOffset(t.db)) / 86_400_000)).toBe(30);
    await ops('clock:advance', '1.5');
    expect((await readDemoClockOffset(t.db)) / 86_400_000).toBeCloseTo(31.5);
    await ops('clock:reset');
    expect(await readDemoClockOffset(t.db)).toBe(0);
  });

  it('answers mistakes with readable messages', async () => {
    await expect(ops('org:set', '999999', '--discount', '0.1')).rejects.toThrow(
      'There is no organization 999999.',
    );
    await expect(ops('org:set', '1', '--discount', '15')).rejects.toThrow(
      '--discount is a fraction from 0 to 1',
    );
    await expect(ops('org:set', '1', '--monthly', 'no')).rejects.toThrow('Unknown option --monthly');
    await expect(ops('org:set', '1', '--terms', '45')).rejects.toThrow(
      "--terms: Payment terms must be net 14, net 30 or net 60 (14, 30 or 60), not '45'.",
    );
    await expect(ops('clock:advance', 'soon')).rejects.toThrow(OpsError);
    await expect(ops('org:create', '--name', 'X')).rejects.toThrow('--admin-email is required.');
    await expect(ops('frobnicate')).rejects.toThrow("Unknown command 'frobnicate'");
    await expect(ops('admin:promote', 'demo@example.com')).rejects.toThrow(
      'belongs to several organizations',
    );
  });

  it('runs as `npm run ops` with help and a non-zero exit on errors', async () => {
    const root = join(import.meta.dirname, '../../../..');
    const run = promisify(execFile);
    const help = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ops.ts', 'help'], {
      cwd: root,
    });
    expect(help.stdout).toContain('billing:run');
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/ops.ts', 'billing:run'],
      {
        cwd: root,
        env: { ...process.env, PORT: 'eighty' },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('PORT must be a number');
  }, 60_000);

  it('reconcile: the gateway and the bills agree; a paid bill without a charge is a difference and exit 1', async () => {
    const since = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const { org } = await makeSubscriber(
      t.db,
      { name: 'Reconciled Co.' },
      {
        plan: 'Flex 2,500',
        description: 'Reconciled',
        purchasedAt: new Date(t.clock.now().getTime() - 31 * 86_400_000),
      },
    );
    await ops('billing:run');
    expect(await ops('reconcile', '--since', since)).toBe(0);
    expect(lines.at(-1)).toBe('The gateway and the bills agree.');

    // A bill marked paid that no charge paid (what reconcile is there to find).
    const bill = await insertBill(t.db, {
      organizationId: org.id,
      kind: 'renewal',
      status: BillStatus.ChargePaid,
      totalCents: 1234,
      billingDate: t.clock.now(),
    });
    expect(await ops('reconcile', '--since', since)).toBe(1);
    expect(bill!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(lines).toContain(
      `Bill ${bill!.invoiceNumber} is paid ($12.34) but the gateway has no charge for it.`,
    );
    await expect(ops('reconcile', '--since', 'yesterday')).rejects.toThrow(OpsError);
  });
});
