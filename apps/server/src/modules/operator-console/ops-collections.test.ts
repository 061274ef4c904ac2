import {
  addDays,
  addMonthsClamped,
  BillingMode,
  BillStatus,
  billStatusText,
  formatLongDate,
  formatMediumDate,
  OpsBillMessages,
} from '@store/core';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { loginOperator } from '../../../test/support/operator';
import { pdfText } from '../../../test/support/pdf-text';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orderLines, orders, organizations, paymentAttempts, sessions, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { DEMO_COMPANY } from '../../seed/organizations';
import type { BillingDeps } from '../billing';
import { hasOutstandingBill } from '../bills';

// The operator collects unpaid bills from the console (docs/decisions/029): sees why a charge failed
// and when it is tried next, charges the card again now through the billing engine's retry path,
// records a payment received outside the card processor, voids a bill or writes it off. Each applies
// only where it should, says why not in words, lets one of two operators acting at once win, and is
// in the audit log in the screens' words.

const DAY_MS = 86_400_000;
const DECLINING = 'pm_card_chargeDeclinedInsufficientFunds';
const INSUFFICIENT = 'insufficient_funds: Your card has insufficient funds.';
const OLIVIA = { kind: 'operator', name: 'Olivia Operator' };

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let deps: BillingDeps;
let artist: number;

const run = () => runBillingCycle(deps);
const later = async (days: number) => {
  clock.set(new Date(clock.now().getTime() + days * DAY_MS));
  // The operator's session would end with the clock's jumps (7 idle days, 30 in all); it is kept as
  // an operator at work every day keeps theirs, so one sign-in serves the file.
  await t.db
    .update(sessions)
    .set({ createdAt: clock.now(), lastUsedAt: clock.now(), expiresAt: addDays(clock.now(), 7) })
    .where(eq(sessions.personId, op.person.personId));
  await run();
};
const bill = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** What names a bill in the answers: its invoice number once it has one, else its order. */
const named = (b: { id: number; invoiceNumber: string | null }) => ({
  orderId: b.id,
  invoiceNumber: b.invoiceNumber,
});
const sub = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const attemptsOf = (orderId: number) =>
  t.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(asc(paymentAttempts.id));
const setCard = (orgId: number, pm: string | null) =>
  t.db.update(organizations).set({ paymentMethodId: pm }).where(eq(organizations.id, orgId));
/** What the sandbox charged for the bill's keys (a charge the card processor took). */
const chargesOf = (orderId: number) =>
  queryRows<{ status: string }>(
    t.db,
    sql`SELECT status FROM sandbox_charges WHERE idempotency_key LIKE ${`bill-${orderId}-attempt-%`}`,
  );
/** The newest audit entry of a kind for the organization, as the operator reads the log. */
async function latestEntry(kind: string, organizationId: number) {
  const res = await op.get(`/api/ops/audit?kind=${kind}&organizationId=${organizationId}`);
  expect(res.status).toBe(200);
  return res.body.items[0];
}

/**
 * An organization whose monthly Artist subscription renews now: its renewal is billed and charged
 * at once (declined with `card`), so it is past due with one attempt.
 */
async function renewedBill(name: string, opts: { card?: string | null; byInvoice?: boolean } = {}) {
  const org = await makeOrganization(t.db, {
    name,
    paymentMethodId: opts.card === undefined ? DECLINING : opts.card,
    billedByInvoice: opts.byInvoice ?? false,
  });
  const s = await makeSubscription(t.db, {
    organizationId: org.id,
    pricingPlanId: artist,
    description: `${name} seat`,
    billingMode: BillingMode.Monthly,
    purchasedAt: addMonthsClamped(clock.now(), -1, clock.now().getUTCDate()),
  });
  await run();
  const [renewal] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.subscriptionId, s.id), eq(orders.kind, 'renewal')));
  return { org, sub: s, bill: await bill(renewal!.id) };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  op = await loginOperator(t);
  deps = { db: t.db, clock, gateway: t.gateway };
  artist = await planId(t.db, 'Artist Solo');
});
afterAll(() => t?.close());

describe('a failed payment on the bill page', () => {
  it('shows its decline reason, its attempts with the gateway reference, the next retry and what applies', async () => {
    const { bill: b } = await renewedBill('Declining Co');
    expect(b.status).toBe(BillStatus.ChargePastDue);
    const res = await op.get(`/api/ops/bills/${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body.bill).toMatchObject({
      status: 'Past Due',
      declineReason: INSUFFICIENT,
      // Day 1 of the retry schedule (docs/decisions/042) after the bill's date, today.
      nextRetry: new Date(clock.now().getTime() + DAY_MS).toISOString(),
      chargeInFlight: false,
      card: 'Card ending in 4242',
      actions: { retry: true, recordPayment: true, void: true, writeOff: true },
    });
    const [attempt] = await attemptsOf(b.id);
    expect(res.body.attempts).toEqual([
      {
        attemptId: attempt!.id,
        status: 'declined',
        amount: b.totalCents / 100,
        gatewayReference: attempt!.gatewayChargeId,
        declineCode: INSUFFICIENT,
        createdAt: clock.now().toISOString(),
      },
    ]);
  });
});

describe('Retry now', () => {
  it("charges the card on file by the engine's path: a decline says why and when next; after a new card it is paid once, and the log says so", async () => {
    const { org, bill: b } = await renewedBill('Retrying Co');
    const declined = await op.post(`/api/ops/bills/${b.id}/retry`);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ orderId: b.id, status: 'Past Due', outcome: 'declined' });
    expect(declined.body.message).toBe(
      `${OpsBillMessages.retryDeclined('Your card has insufficient funds. (insufficient_funds)')} ${OpsBillMessages.nextRetryOn(formatLongDate(addDays(clock.now(), 1)))}`,
    );
    expect((await attemptsOf(b.id)).map((a) => [a.gatewayKey, a.status])).toEqual([
      [`bill-${b.id}-attempt-1`, 'declined'],
      [`bill-${b.id}-attempt-2`, 'declined'],
    ]);
    const failedEntry = await latestEntry('bill.updated', org.id);
    expect(failedEntry).toMatchObject({
      actor: OLIVIA,
      summary: `Order ${b.id} charged $39.00 again now, declined ('${INSUFFICIENT}')`,
    });

    await setCard(org.id, 'pm_card_visa');
    // Two operators press Retry now at once: the lease and the keys charge the card once.
    const [one, two] = await Promise.all([
      op.post(`/api/ops/bills/${b.id}/retry`),
      op.post(`/api/ops/bills/${b.id}/retry`),
    ]);
    const answers = [one, two].sort((x, y) => x.status - y.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    expect(answers[0]!.body).toMatchObject({ status: 'Paid', outcome: 'paid' });
    expect((await chargesOf(b.id)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    const paid = await bill(b.id);
    expect(paid).toMatchObject({ status: BillStatus.ChargePaid, nextAttemptAt: null });
    expect(paid.invoiceNumber).toMatch(/^2026-\d{6}$/);
    // Paid, the bill is issued and named by its invoice number from then on.
    expect(answers[0]!.body.message).toBe(`The card was charged $39.00: bill ${paid.invoiceNumber} is paid.`);
    expect([
      `Bill ${paid.invoiceNumber} is already paid.`,
      OpsBillMessages.chargeInFlight(named(b)),
    ]).toContain(answers[1]!.body.message);
    const entry = await latestEntry('bill.updated', org.id);
    expect(entry.actor).toMatchObject(OLIVIA);
    expect(entry.summary).toMatch(
      new RegExp(
        `^Bill ${paid.invoiceNumber} charged \\$39\\.00 again now, paid: Status 'Past Due' → 'Paid'; Paid '—' → '${formatMediumDate(clock.now())}'`,
      ),
    );
    expect(entry.summary).not.toMatch(/\b26[04]\b/);
    expect((await op.post(`/api/ops/bills/${b.id}/retry`)).body.message).toBe(
      OpsBillMessages.alreadyPaid(named(paid)),
    );
  });

  it('charges only that bill, never another of the organization', async () => {
    const { org, bill: first } = await renewedBill('Two Bills Co');
    const other = await makeSubscription(t.db, {
      organizationId: org.id,
      pricingPlanId: artist,
      description: 'Second seat',
      billingMode: BillingMode.Monthly,
      purchasedAt: new Date(clock.now().getTime() - 31 * DAY_MS),
    });
    await run();
    const [second] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.subscriptionId, other.id));
    // The second bill's retry comes due as well; Retry now of the first leaves it to the engine.
    await t.db.update(orders).set({ nextAttemptAt: clock.now() }).where(eq(orders.id, second!.id));
    await setCard(org.id, 'pm_card_visa');
    expect((await op.post(`/api/ops/bills/${first.id}/retry`)).body.status).toBe('Paid');
    expect((await bill(second!.id)).status).toBe(BillStatus.ChargePastDue);
    expect(await attemptsOf(second!.id)).toHaveLength(1);
  });

  it('is refused in words where it does not apply: an invoice, no card on file, a charge in flight, another kind of bill', async () => {
    const { bill: invoice } = await renewedBill('Invoiced Retry Co', { byInvoice: true });
    expect(invoice.status).toBe(BillStatus.OfflineInvoice);
    const byInvoice = await op.post(`/api/ops/bills/${invoice.id}/retry`);
    expect(byInvoice.status).toBe(409);
    expect(invoice.invoiceNumber).toMatch(/^2026-\d{6}$/);
    expect(byInvoice.body.message).toBe(
      `Bill ${invoice.invoiceNumber} is an invoice, paid outside the card processor: there is no card charge to retry. Record the payment when it arrives.`,
    );

    const { org: cardless, bill: noCard } = await renewedBill('Cardless Co', { card: null });
    expect(noCard.failureMessage).toBe('no_payment_method: No card on file.');
    expect((await op.post(`/api/ops/bills/${noCard.id}/retry`)).body.message).toBe(
      OpsBillMessages.noCard('Cardless Co'),
    );
    expect((await op.get(`/api/ops/bills/${noCard.id}`)).body.bill.actions).toEqual({
      retry: false,
      recordPayment: true,
      void: true,
      writeOff: true,
    });
    await setCard(cardless.id, DECLINING);

    // A charge of the bill is at the card processor: nothing may touch the bill until it ends.
    const { bill: busy } = await renewedBill('Busy Co');
    await t.db.insert(paymentAttempts).values({
      orderId: busy.id,
      gatewayKey: `bill-${busy.id}-attempt-9`,
      amountCents: busy.totalCents,
      status: 'started',
      createdAt: clock.now(),
    });
    for (const [action, body] of [
      ['retry', {}],
      ['mark-paid', { reference: 'Wire 1' }],
      ['void', { reason: 'x' }],
      ['write-off', { reason: 'x' }],
    ] as const) {
      const res = await op.post(`/api/ops/bills/${busy.id}/${action}`, body);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toBe(
        `A charge of order ${busy.id} is in progress at the card processor; wait a few minutes for its outcome, then try again.`,
      );
    }
    expect((await op.get(`/api/ops/bills/${busy.id}`)).body.bill).toMatchObject({
      chargeInFlight: true,
      nextRetry: null,
      actions: { retry: false, recordPayment: false, void: false, writeOff: false },
    });
    await t.db.delete(paymentAttempts).where(like(paymentAttempts.gatewayKey, `bill-${busy.id}-attempt-9`));

    // A checkout the card refused is owed by no one: none of the actions applies.
    const [refused] = await t.db
      .insert(orders)
      .values({
        organizationId: cardless.id,
        kind: 'purchase',
        status: BillStatus.UnPaid,
        totalCents: 3900,
        billingDate: clock.now(),
        failureMessage: 'card_declined: Your card was declined.',
      })
      .returning();
    for (const action of ['retry', 'mark-paid', 'void', 'write-off']) {
      const res = await op.post(`/api/ops/bills/${refused!.id}/${action}`, { reference: 'x', reason: 'x' });
      expect(res.status, action).toBe(409);
      expect(res.body.message).toBe(OpsBillMessages.refusedCharge(named(refused!)));
    }
    const missing = await op.post('/api/ops/bills/999999/retry');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no order 999999.');
  });
});

describe('Record a payment received outside', () => {
  it('pays an unpaid card bill with its reference, once of two at once; the log says it in words', async () => {
    const { org, bill: b } = await renewedBill('Wire Co');
    const [one, two] = await Promise.all([
      op.post(`/api/ops/bills/${b.id}/mark-paid`, { reference: 'Wire 7781' }),
      op.post(`/api/ops/bills/${b.id}/mark-paid`, { reference: 'Wire 7782' }),
    ]);
    const answers = [one, two].sort((x, y) => x.status - y.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    const won = answers[0]!.body;
    expect(won.status).toBe('Paid');
    const reference = won.message.includes('7781') ? 'Wire 7781' : 'Wire 7782';
    const paid = await bill(b.id);
    expect(paid).toMatchObject({
      status: BillStatus.OfflinePaid,
      paidReference: reference,
      nextAttemptAt: null,
    });
    expect(paid.invoiceNumber).toMatch(/^2026-\d{6}$/);
    // Paid, the bill takes its invoice number, which names it in the answers and the log.
    expect(answers[1]!.body.message).toBe(`Bill ${paid.invoiceNumber} is already paid.`);
    expect(won.message).toBe(`Bill ${paid.invoiceNumber} is paid: $39.00 received by '${reference}'.`);
    const entry = await latestEntry('bill.updated', org.id);
    expect(entry.actor).toMatchObject(OLIVIA);
    expect(entry.summary).toBe(
      `Bill ${paid.invoiceNumber}: Status 'Past Due' → 'Paid'; Paid '—' → '${formatMediumDate(clock.now())}'; Payment Reference '—' → '${reference}'`,
    );
    // Paid: no later retry charges it.
    await later(3);
    expect(await attemptsOf(b.id)).toHaveLength(1);
    const blank = await op.post(`/api/ops/bills/${b.id}/mark-paid`, { reference: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Payment reference is required');
  });
});

describe('Void and Write off', () => {
  it('void an invoice once of two at once; the customer sees Void, the log says why', async () => {
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_COMPANY));
    const [invoice] = await t.db
      .insert(orders)
      .values({
        organizationId: demo!.id,
        kind: 'renewal',
        status: BillStatus.OfflineInvoice,
        totalCents: 7_500,
        billingDate: clock.now(),
        dueDate: addDays(clock.now(), 14),
      })
      .returning();
    // Issued as an invoice, it has its invoice number from the start.
    expect(invoice!.invoiceNumber).toMatch(/^2026-\d{6}$/);
    const [one, two] = await Promise.all([
      op.post(`/api/ops/bills/${invoice!.id}/void`, { reason: 'Billed twice' }),
      op.post(`/api/ops/bills/${invoice!.id}/void`, { reason: 'Billed twice' }),
    ]);
    const answers = [one, two].sort((x, y) => x.status - y.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    expect(answers[0]!.body).toMatchObject({
      status: 'Void',
      message: `Bill ${invoice!.invoiceNumber} is void: ${DEMO_COMPANY} owes nothing on it, and it is never charged.`,
    });
    expect(answers[1]!.body.message).toBe(`Bill ${invoice!.invoiceNumber} is void: nothing is owed on it.`);
    expect(await bill(invoice!.id)).toMatchObject({
      status: BillStatus.OfflineVoid,
      closedReason: 'Billed twice',
    });
    const entry = await latestEntry('bill.updated', demo!.id);
    expect(entry.actor).toMatchObject(OLIVIA);
    expect(entry.summary).toBe(
      `Bill ${invoice!.invoiceNumber}: Status 'Invoiced' → 'Void'; Void / Write-Off Reason '—' → 'Billed twice'`,
    );
    for (const [action, body] of [
      ['mark-paid', { reference: 'Wire 1' }],
      ['write-off', { reason: 'x' }],
      ['retry', {}],
    ] as const) {
      const res = await op.post(`/api/ops/bills/${invoice!.id}/${action}`, body);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toBe(OpsBillMessages.isVoid(named(invoice!)));
    }
    expect((await op.post(`/api/ops/bills/${invoice!.id}/void`, { reason: '' })).body.message).toContain(
      'Reason is required',
    );

    const customer = await t.loginDemo();
    const history = await customer.get('/api/order/history');
    const row = history.body.find((r: { orderId: number }) => r.orderId === invoice!.id);
    expect(billStatusText(row.status)).toBe('Void');
    // Its invoice says so too: nothing is owed.
    const pdf = pdfText((await customer.get(`/api/order/invoice/${invoice!.id}`)).raw.rawPayload);
    expect(pdf).toMatch(/Status\s+Void/);
    expect(pdf).toMatch(/Amount due\s+\$0\.00/);
    expect(pdf).toContain('This bill is void: nothing is owed on it, and it will not be charged.');
  });

  it('a voided and a written-off bill are never charged by later billing cycles; the write-off ends its subscription when its grace does', async () => {
    const voided = await renewedBill('Forgiven Co');
    const writtenOff = await renewedBill('Bad Debt Co');
    expect((await op.post(`/api/ops/bills/${voided.bill.id}/void`, { reason: 'Goodwill' })).status).toBe(200);
    const off = await op.post(`/api/ops/bills/${writtenOff.bill.id}/write-off`, { reason: 'Company closed' });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'Uncollectible' });
    expect(off.body.message).toBe(
      `Order ${writtenOff.bill.id} is written off as uncollectible: it is never charged or reminded again. ${OpsBillMessages.subscriptionsEndOn(formatLongDate(writtenOff.bill.dueDate!))}`,
    );
    const entry = await latestEntry('bill.updated', writtenOff.org.id);
    expect(entry.summary).toBe(
      `Order ${writtenOff.bill.id}: Status 'Past Due' → 'Uncollectible'; Void / Write-Off Reason '—' → 'Company closed'`,
    );
    expect(
      (await op.post(`/api/ops/bills/${writtenOff.bill.id}/write-off`, { reason: 'x' })).body.message,
    ).toBe(OpsBillMessages.alreadyWrittenOff(named(writtenOff.bill)));
    // Written off, its period is still not paid for (Enable Offline waits); void, nothing is owed.
    expect(await hasOutstandingBill(t.db, writtenOff.sub.id)).toBe(true);
    expect(await hasOutstandingBill(t.db, voided.sub.id)).toBe(false);

    // Past the retries' days and the grace: neither bill is charged again.
    for (const days of [2, 2, 11]) await later(days);
    for (const b of [voided.bill, writtenOff.bill]) {
      expect(await attemptsOf(b.id)).toHaveLength(1);
      expect(await chargesOf(b.id)).toHaveLength(1);
    }
    expect((await bill(voided.bill.id)).status).toBe(BillStatus.ChargeVoid);
    expect((await bill(writtenOff.bill.id)).status).toBe(BillStatus.UnPaidUncollectible);
    expect(billStatusText(BillStatus.UnPaidUncollectible)).toBe('Uncollectible');
    // Nothing is owed on the void bill: its subscription goes on. The write-off's ends with its grace.
    expect((await sub(voided.sub.id)).isActive).toBe(true);
    expect(await sub(writtenOff.sub.id)).toMatchObject({
      isActive: false,
      deactivateDate: writtenOff.bill.dueDate,
    });

    // At the next renewal the void bill's subscription renews as usual; the void bill stays uncharged.
    await later(16);
    const renewals = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.subscriptionId, voided.sub.id), eq(orders.kind, 'renewal')))
      .orderBy(asc(orders.id));
    expect(renewals.map((r) => r.status)).toEqual([BillStatus.ChargeVoid, BillStatus.ChargePastDue]);
    expect(await attemptsOf(voided.bill.id)).toHaveLength(1);
    expect(await attemptsOf(writtenOff.bill.id)).toHaveLength(1);
  });
});

describe('a bill settled after its grace', () => {
  /** A card renewal declined through its grace: Un-Paid, its subscription deactivated. */
  async function givenUp(name: string) {
    const made = await renewedBill(name);
    await later(15);
    expect((await bill(made.bill.id)).status).toBe(BillStatus.UnPaid);
    expect((await sub(made.sub.id)).isActive).toBe(false);
    return made;
  }

  it('a payment recorded late reactivates the subscription while its paid period runs; the log says so', async () => {
    const { org, sub: s, bill: b } = await givenUp('Late Wire Co');
    const paid = await op.post(`/api/ops/bills/${b.id}/mark-paid`, { reference: 'Wire 9001' });
    expect(paid.status).toBe(200);
    const { invoiceNumber } = await bill(b.id);
    expect(paid.body.message).toBe(
      `Bill ${invoiceNumber} is paid: $39.00 received by 'Wire 9001'. ${OpsBillMessages.reactivated(s.description)}`,
    );
    expect(await sub(s.id)).toMatchObject({ isActive: true, deactivateDate: null });
    const entry = await latestEntry('subscription.updated', org.id);
    expect(entry.actor).toMatchObject(OLIVIA);
    expect(entry.summary).toMatch(
      new RegExp(`^${s.description}: Active 'No' → 'Yes'; Cancelled '.+' → '—'$`),
    );
  });

  it('Retry now of an Un-Paid card bill: declined, it stays Un-Paid; paid with a new card, its subscription runs again', async () => {
    const { org, sub: s, bill: b } = await givenUp('Late Card Co');
    const declined = await op.post(`/api/ops/bills/${b.id}/retry`);
    expect(declined.body).toMatchObject({ status: 'Un-Paid', outcome: 'declined' });
    expect(declined.body.message).toContain(`Order ${b.id} stays Un-Paid.`);
    expect((await bill(b.id)).status).toBe(BillStatus.UnPaid);
    await setCard(org.id, 'pm_card_visa');
    const paid = await op.post(`/api/ops/bills/${b.id}/retry`);
    expect(paid.body).toMatchObject({ status: 'Paid', outcome: 'paid' });
    expect(paid.body.message).toBe(OpsBillMessages.retryPaid(named(await bill(b.id)), '$39.00'));
    expect(paid.body.message).toMatch(/: bill 2026-\d{6} is paid\.$/);
    expect((await sub(s.id)).isActive).toBe(true);
  });

  it('voiding an Un-Paid bill reactivates its subscription; one whose paid period has ended stays deactivated', async () => {
    const forgiven = await givenUp('Late Void Co');
    const voided = await op.post(`/api/ops/bills/${forgiven.bill.id}/void`, { reason: 'Billing error' });
    expect(voided.body.message).toBe(
      `${OpsBillMessages.voided(named(forgiven.bill), 'Late Void Co')} ${OpsBillMessages.reactivated(forgiven.sub.description)}`,
    );
    expect((await sub(forgiven.sub.id)).isActive).toBe(true);
    expect((await bill(forgiven.bill.id)).status).toBe(BillStatus.UnPaidVoid);

    const tooLate = await givenUp('Too Late Co');
    await later(20);
    const paid = await op.post(`/api/ops/bills/${tooLate.bill.id}/mark-paid`, { reference: 'Cheque 12' });
    const ended = (await sub(tooLate.sub.id)).nextBaseBillingDate!;
    expect(paid.body.message).toBe(
      `${OpsBillMessages.paymentRecorded(named(await bill(tooLate.bill.id)), '$39.00', 'Cheque 12')} ${OpsBillMessages.periodEnded(tooLate.sub.description, formatLongDate(ended))}`,
    );
    expect((await sub(tooLate.sub.id)).isActive).toBe(false);
  });
});
