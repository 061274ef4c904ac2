import { BillingMode } from '@store/core';
import type { Db } from '../../db/client';
import type { PlanRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { announceSubscriptions } from './subscription-events';
import { insertPerpetualLicenses, insertSubscriptions } from './subscriptions.repository';

export interface NewPerpetualLicense {
  organizationId: number;
  plan: PlanRow;
  description: string;
  version: string;
  machines: number;
  cpus: number;
}

/**
 * A perpetual license the operator grants (docs/design.md §2): a subscription that is never billed and
 * never renewed, with its license record. The console and `license:add` both come here.
 */
export async function addPerpetualLicense(db: Db, clock: Clock, input: NewPerpetualLicense) {
  const now = clock.now();
  const apiKey1 = randomToken(24);
  return db.transaction(async (tx) => {
    const [id] = await insertSubscriptions(tx, [
      {
        organizationId: input.organizationId,
        pricingPlanId: input.plan.id,
        description: input.description,
        billingMode: BillingMode.NoBill,
        isPerpetualLicense: true,
        numberMachines: input.machines,
        apiKey1,
        currentPeriodStart: now,
        nextBaseBillingDate: null,
        nextOverageBillingDate: null,
        anchorDay: now.getUTCDate(),
      },
    ]);
    await insertPerpetualLicenses(tx, [
      {
        subscriptionId: id!,
        description: input.description,
        version: input.version,
        product: input.plan.product,
        numMachines: input.machines,
        numCpus: input.cpus,
      },
    ]);
    await recordAudit(tx, 'subscription.created', {
      after: {
        id,
        organizationId: input.organizationId,
        pricingPlanId: input.plan.id,
        description: input.description,
        isPerpetualLicense: true,
      },
    });
    await announceSubscriptions(tx, 'subscription.created', [
      { id: id!, organizationId: input.organizationId },
    ]);
    return { subscriptionId: id!, licenseKey: apiKey1 };
  });
}
