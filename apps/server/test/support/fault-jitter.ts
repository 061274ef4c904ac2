import type { PaymentGateway } from '../../src/gateway/payment-gateway';

// What the SIGKILL fault workers share: short random pauses around the steps a kill should land
// between. Kept apart from faults.ts, which the tests import and which brings esbuild with it.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pause of up to `maxMs`, different each time. */
export const jitterUpTo = (maxMs: number) => () => sleep(Math.floor(Math.random() * maxMs));

/** The gateway with a pause before and after each charge: after the attempt is recorded, after the gateway charged. */
export function withChargeJitter(gateway: PaymentGateway, jitter: () => Promise<unknown>): PaymentGateway {
  return {
    ...gateway,
    async charge(input) {
      await jitter();
      const result = await gateway.charge(input);
      await jitter();
      return result;
    },
  };
}
