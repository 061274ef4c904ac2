import type { AddressInfo } from 'node:net';
import type { PaymentGateway } from '../../src/gateway/payment-gateway';
import { createStripeGateway } from '../../src/gateway/stripe-gateway';
import type { fakeStripe } from './fake-stripe';

/**
 * Starts the local fake of Stripe's API on a free port: the Stripe gateway pointed at it (what the
 * tests give createTestApp) and how to stop it.
 */
export async function listenFakeStripe(
  fake: ReturnType<typeof fakeStripe>,
  options: { timeoutMs?: number } = {},
): Promise<{
  gateway: () => PaymentGateway;
  /** Another gateway to the same fake, with options of its own (an impatient client). */
  gatewayWith: (more: { timeoutMs?: number }) => PaymentGateway;
  close: () => Promise<void>;
}> {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  const gatewayWith = (more: { timeoutMs?: number }) =>
    createStripeGateway({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      apiBase: `http://127.0.0.1:${port}`,
      ...options,
      ...more,
    });
  return {
    gateway: () => gatewayWith({}),
    gatewayWith,
    close: () => new Promise<void>((resolve) => fake.server.close(() => resolve())),
  };
}
