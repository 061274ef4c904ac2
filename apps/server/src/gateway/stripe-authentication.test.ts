import { PaymentMessages } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe } from '../../test/support/fake-stripe';
import { listenFakeStripe } from '../../test/support/fake-stripe-listen';
import type { PaymentGateway } from './payment-gateway';

// 3-D Secure over Stripe's API (docs/decisions/024), against the fake that answers as Stripe's test
// cards do: a charge made with the customer present answers requires_action with the PaymentIntent's
// client secret; what the challenge became is read back from Stripe; a charge left waiting is
// cancelled; a card set up for off-session use (3155) renews without asking, 3184 never does.

const fake = fakeStripe();
let gateway: PaymentGateway;
let close: () => Promise<void>;

beforeAll(async () => {
  const listening = await listenFakeStripe(fake);
  gateway = listening.gateway();
  close = listening.close;
});
afterAll(() => close());

const charge = (key: string, paymentMethodId: string, onSession: boolean, customerId = 'cus_3ds') =>
  gateway.charge({
    customerId,
    paymentMethodId,
    amountCents: 2500,
    idempotencyKey: key,
    description: 'x',
    ...(onSession ? { onSession: true } : {}),
  });

describe('Stripe gateway: 3-D Secure', () => {
  it('an on-session charge of 3184 waits for the customer, then is paid once the challenge is completed', async () => {
    const asked = await charge('3ds-complete', 'pm_card_authenticationRequired', true);
    expect(asked).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringMatching(/_secret_/),
    });
    const sent = fake.log.find((l) => l.idempotencyKey === '3ds-complete')!;
    expect(sent.form).toMatchObject({
      confirm: 'true',
      use_stripe_sdk: 'true',
      'payment_method_types[0]': 'card',
    });
    expect(sent.form.off_session).toBeUndefined();
    const chargeId = (asked as { chargeId: string }).chargeId;
    fake.completeAuthentication(chargeId, true);
    expect(await gateway.findCharge('3ds-complete', { chargeId })).toEqual({ status: 'succeeded', chargeId });
    // Too late to give it up: cancelling answers what it became.
    expect(await gateway.cancelCharge(chargeId)).toEqual({ status: 'succeeded', chargeId });
  });

  it('a failed challenge is a decline in Stripe’s words', async () => {
    const asked = (await charge('3ds-fail', 'pm_card_authenticationRequired', true)) as { chargeId: string };
    fake.completeAuthentication(asked.chargeId, false);
    expect(await gateway.findCharge('3ds-fail', { chargeId: asked.chargeId })).toEqual({
      status: 'declined',
      code: 'payment_intent_authentication_failure',
      message: PaymentMessages.authenticationFailed,
      chargeId: asked.chargeId,
    });
  });

  it('a challenge left open is cancelled, and the charge can never take money', async () => {
    const asked = (await charge('3ds-left', 'pm_card_authenticationRequired', true)) as { chargeId: string };
    expect(await gateway.cancelCharge(asked.chargeId)).toEqual({
      status: 'declined',
      code: 'canceled',
      message: PaymentMessages.abandoned,
      chargeId: asked.chargeId,
    });
    expect(() => fake.completeAuthentication(asked.chargeId, true)).toThrow();
  });

  it('off-session, 3184 is refused (authentication_required); 3155 set up for later use is paid', async () => {
    expect(await charge('3ds-renewal-3184', 'pm_card_authenticationRequired', false)).toEqual({
      status: 'declined',
      code: 'authentication_required',
      message: PaymentMessages.authenticationRequired,
      chargeId: expect.stringMatching(/^pi_/),
    });
    expect(
      await charge('3ds-renewal-3155-unsaved', 'pm_card_authenticationRequiredOnSetup', false),
    ).toMatchObject({
      status: 'declined',
      code: 'authentication_required',
    });
    const { customerId } = await gateway.saveCard({
      customerId: null,
      paymentMethodId: 'pm_card_authenticationRequiredOnSetup',
      email: 'a@example.com',
      name: 'A',
    });
    const pm = 'pm_card_authenticationRequiredOnSetup';
    expect(await charge('3ds-renewal-3155', pm, false, customerId)).toMatchObject({ status: 'succeeded' });
    expect(await charge('3ds-checkout-3155', pm, true, customerId)).toMatchObject({
      status: 'requires_action',
    });
  });

  it("setting up Stripe's declining test card is refused with Stripe's message", async () => {
    await expect(
      gateway.saveCard({
        customerId: null,
        paymentMethodId: 'pm_card_chargeDeclined',
        email: 'a@example.com',
        name: 'A',
      }),
    ).rejects.toThrow('Your card was declined.');
  });
});
