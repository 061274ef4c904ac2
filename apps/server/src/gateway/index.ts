import type { Config } from '../config';
import type { Db } from '../db/client';
import { pacedGateway } from './paced-gateway';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';

/** Stripe when its keys are configured, otherwise the sandbox (demo mode only; see config.ts). */
export async function createGateway(config: Config, db: Db): Promise<PaymentGateway> {
  if (config.stripe) {
    const { createStripeGateway } = await import('./stripe-gateway');
    // Paced below Stripe's rate limit; the sandbox has none.
    return pacedGateway(createStripeGateway(config.stripe), {
      ratePerSecond: config.stripe.ratePerSecond ?? 25,
    });
  }
  return createSandboxGateway(db);
}
