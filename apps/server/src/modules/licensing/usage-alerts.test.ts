import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { ADMIN_EMAIL, createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import { persons, subscriptions } from '../../db/schema';
import { createLicensingService } from './licensing.service';

// The usage meter's alert mails (docs/design.md §5): at 80 % and 100 % of the included RTUs and when the
// cap stops usage, each once per usage cycle, to the organization's admins, with the way to raise
// the cap.

let l: LicensingTestApp;
let seq = 0;
beforeAll(async () => {
  l = await createLicensingTestApp();
});
afterAll(() => l.t.close());
beforeEach(async () => {
  await l.t.flushMail();
  l.t.mailer.sent.length = 0;
});

/** Reports usage; the alert mails it caused have left the outbox when this resolves. */
const use = async (licenseKey: string, pages: number) => {
  const res = await l.engine('/api/licensing/usage', {
    licenseKey,
    reports: [
      { transactionId: `u-${++seq}`, hostname: 'meter-01', pages, time: l.clock.now().toISOString() },
    ],
  });
  await l.t.flushMail();
  return res;
};
const subjects = () => l.t.mailer.sent.map((m) => `${m.to}: ${m.subject}`);

/** Flex 2,500 at 8¢ an RTU beyond the 2,500 included; a $4 cap lets 50 more through. */
const flex = (description: string) =>
  l.subscribe('Flex 2,500', { description, maxAdditionalMonthlyChargeCents: 4_00 });

describe('usage alert mails', () => {
  it('go to the admins at 80 %, at 100 % and when the cap stops usage, each once per cycle', async () => {
    const sub = await flex('Print Room');
    await use(sub.apiKey1, 1_999);
    expect(subjects()).toEqual([]);

    await use(sub.apiKey1, 1);
    expect(subjects()).toEqual([`${ADMIN_EMAIL}: Print Room: 80 % of the included RTUs used`]);
    const [first] = l.t.mailer.sent;
    expect(first!.text).toContain(
      `Print Room (license ${sub.id + 50_000}) of Engine Room Ltd. has used 2,000 of the 2,500 RTUs included this month (80 %).`,
    );
    expect(first!.text).toContain(
      'Beyond the included RTUs, each RTU is billed at $0.080, up to the Max Overages of $4.00 a month',
    );
    expect(first!.text).toContain(`http://localhost:3000/Subscriptions/${sub.id}\n`);
    expect(first!.html).toContain(
      `<a href="http://localhost:3000/Subscriptions/${sub.id}">Raise Max Overages</a>`,
    );

    await use(sub.apiKey1, 499);
    expect(subjects()).toHaveLength(1);
    await use(sub.apiKey1, 1);
    expect(subjects()).toEqual([
      `${ADMIN_EMAIL}: Print Room: 80 % of the included RTUs used`,
      `${ADMIN_EMAIL}: Print Room: all included RTUs used`,
    ]);
    expect(l.t.mailer.sent[1]!.text).toContain('From now on each RTU is billed at $0.080');

    await use(sub.apiKey1, 50); // 50 over: exactly the cap, still running
    expect(subjects()).toHaveLength(2);
    await use(sub.apiKey1, 1);
    expect(subjects()[2]).toBe(`${ADMIN_EMAIL}: Print Room: Max Overages reached, engines stopped`);
    expect(l.t.mailer.sent[2]!.text).toContain(
      'Overage so far: 51 RTUs, $4.08. Its overage reached the Max Overages of $4.00 a month, so the license answers OVER_CAP',
    );
    await use(sub.apiKey1, 10);
    expect(subjects()).toHaveLength(3);
  });

  it('start again in the next usage cycle', async () => {
    const sub = await flex('Monthly Reports');
    await use(sub.apiKey1, 2_100);
    expect(subjects()).toHaveLength(1);
    const [row] = await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    const saved = l.clock.now();
    try {
      // The overage run at the cycle's end starts the next month of usage from zero.
      l.clock.set(new Date(row!.nextOverageBillingDate!.getTime() + 60_000));
      await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
      await l.t.flushMail();
      l.t.mailer.sent.length = 0;
      await use(sub.apiKey1, 2_000);
      expect(subjects()).toEqual([`${ADMIN_EMAIL}: Monthly Reports: 80 % of the included RTUs used`]);
    } finally {
      l.clock.set(saved);
    }
  });

  it('send one mail, the one that says the most, when one report passes several levels', async () => {
    const sub = await flex('Burst');
    await use(sub.apiKey1, 3_000);
    expect(subjects()).toEqual([`${ADMIN_EMAIL}: Burst: Max Overages reached, engines stopped`]);
    await use(sub.apiKey1, 1);
    expect(subjects()).toHaveLength(1);
  });

  it('go out once when two server processes record the report that crosses a level at the same time', async () => {
    const sub = await flex('Two Processes');
    const otherProcess = createLicensingService({
      ...l.t.deps,
      log: { error: () => undefined },
      signingKeys: l.t.signingKeys,
    });
    await use(sub.apiKey1, 1_990);
    const batch = (process: number) => ({
      licenseKey: sub.apiKey1,
      reports: [
        { transactionId: `race-${process}`, hostname: 'h', pages: 10, time: l.clock.now().toISOString() },
      ],
    });
    await Promise.all([l.engine('/api/licensing/usage', batch(1)), otherProcess.recordUsage(batch(2))]);
    await l.t.flushMail();
    expect(subjects()).toEqual([`${ADMIN_EMAIL}: Two Processes: 80 % of the included RTUs used`]);
  });

  it('are not sent for a plan without included RTUs or an overage rate (Pro engines)', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await use(sub.apiKey1, 1_000_000);
    expect(subjects()).toEqual([]);
  });
  it('go to every admin and to no plain user', async () => {
    await l.t.db.insert(persons).values({
      organizationId: l.org.id,
      rights: 3,
      passwordHash: 'not-used',
      firstName: 'Second',
      lastName: 'Admin',
      email: 'second-admin@example.com',
      emailVerified: true,
    });
    const sub = await flex('Two Admins');
    await use(sub.apiKey1, 2_000);
    // The outbox sends a few mails at once: which admin's arrives first is not promised.
    expect(l.t.mailer.sent.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, 'second-admin@example.com'].sort());
  });
});
