import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe, stripeError } from '../../test/support/fake-stripe';
import { listenFakeStripe } from '../../test/support/fake-stripe-listen';
import type { PaymentGateway } from './payment-gateway';

// Refunds through the Stripe adapter against the local fake of Stripe's API (docs/decisions/016).

let fake: ReturnType<typeof fakeStripe>;
let gateway: PaymentGateway;
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;

beforeAll(async () => {
  fake = fakeStripe();
  stripe = await listenFakeStripe(fake, { timeoutMs: 2_000 });
  gateway = stripe.gateway();
});
afterAll(() => stripe.close());

async function paidCharge(amountCents: number, key: string): Promise<string> {
  const saved = await gateway.saveCard({
    customerId: null,
    paymentMethodId: 'pm_card_visa',
    email: 'r@example.com',
    name: 'R',
  });
  const charged = await gateway.charge({
    customerId: saved.customerId,
    paymentMethodId: 'pm_card_visa',
    amountCents,
    idempotencyKey: key,
    description: 'Bill',
  });
  if (charged.status !== 'succeeded') throw new Error('not charged');
  return charged.chargeId;
}

describe('Stripe refunds', () => {
  it('refunds part of a PaymentIntent with our key, once however often it is asked', async () => {
    const pi = await paidCharge(50_00, 'bill-r1');
    const first = await gateway.refund({ chargeId: pi, amountCents: 12_34, idempotencyKey: 'refund_1' });
    const again = await gateway.refund({ chargeId: pi, amountCents: 12_34, idempotencyKey: 'refund_1' });
    expect(first).toMatchObject({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    expect(again).toEqual(first);
    expect(fake.refunds.filter((r) => r.payment_intent === pi)).toHaveLength(1);
    const request = fake.log.find((l) => l.path === '/v1/refunds' && l.method === 'POST');
    expect(request).toMatchObject({
      idempotencyKey: 'refund_1',
      form: { payment_intent: pi, amount: '1234', 'metadata[idempotencyKey]': 'refund_1' },
    });
    expect(await gateway.findRefund('refund_1', pi)).toEqual(first);
    expect(await gateway.findRefund('refund_none', pi)).toBeNull();
  });

  it("answers Stripe's refusals as failures with Stripe's words: more than is left, already refunded, no such payment", async () => {
    const pi = await paidCharge(20_00, 'bill-r2');
    expect(await gateway.refund({ chargeId: pi, amountCents: 25_00, idempotencyKey: 'refund_2' })).toEqual({
      status: 'failed',
      code: 'invalid_request',
      message: 'Refund amount ($25.00) is greater than unrefunded amount on charge ($20.00)',
    });
    await gateway.refund({ chargeId: pi, amountCents: 20_00, idempotencyKey: 'refund_3' });
    expect(await gateway.refund({ chargeId: pi, amountCents: 1, idempotencyKey: 'refund_4' })).toEqual({
      status: 'failed',
      code: 'charge_already_refunded',
      message: `Charge ${pi.replace('pi_', 'ch_')} has already been refunded.`,
    });
    expect(
      await gateway.refund({ chargeId: 'pi_missing', amountCents: 1, idempotencyKey: 'refund_5' }),
    ).toMatchObject({
      status: 'failed',
      code: 'resource_missing',
    });
  });

  it("leaves the outcome unknown (an exception) on Stripe's own error, and the same key then refunds once", async () => {
    const pi = await paidCharge(30_00, 'bill-r3');
    fake.inject.push({
      ...stripeError(500, 'api_error', undefined, 'An unknown error occurred'),
      stored: false,
    });
    fake.inject.push({
      ...stripeError(500, 'api_error', undefined, 'An unknown error occurred'),
      stored: false,
    });
    fake.inject.push({
      ...stripeError(500, 'api_error', undefined, 'An unknown error occurred'),
      stored: false,
    });
    await expect(
      gateway.refund({ chargeId: pi, amountCents: 5_00, idempotencyKey: 'refund_6' }),
    ).rejects.toThrow();
    expect(await gateway.findRefund('refund_6', pi)).toBeNull();
    expect(
      await gateway.refund({ chargeId: pi, amountCents: 5_00, idempotencyKey: 'refund_6' }),
    ).toMatchObject({
      status: 'succeeded',
    });
    expect(fake.refunds.filter((r) => r.payment_intent === pi)).toHaveLength(1);
  });
});
