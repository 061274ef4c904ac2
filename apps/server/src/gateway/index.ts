import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';

/** Stripe when its keys are configured, otherwise the sandbox (demo mode only; see config.ts). */
export async function createGateway(config: Config, db: Db): Promise<PaymentGateway> {
  if (config.stripe) {
    const { createStripeGateway } = await import('./stripe-gateway');
    return createStripeGateway(config.stripe);
  }
  return createSandboxGateway(db);
}
