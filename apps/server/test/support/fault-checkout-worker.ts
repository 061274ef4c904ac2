import { BillingMode, type PurchaseItem } from '@store/core';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { createSandboxGateway } from '../../src/gateway/sandbox-gateway';
import { systemClock } from '../../src/lib/clock';
import { DomainError } from '../../src/lib/domain-error';
import { randomToken } from '../../src/lib/tokens';
import { createCatalogService } from '../../src/modules/catalog';
import { createPurchaseService } from '../../src/modules/store/purchase.service';
import { lockForChange } from '../../src/modules/subscriptions/subscription-access';
import { updateSubscription } from '../../src/modules/subscriptions/subscription-update';
import { jitterUpTo, withChargeJitter } from './fault-jitter';

// A "server process" of the checkout fault test (fault-checkout.test.ts): answers purchases (with
// an Idempotency-Key, as the API does, sometimes sent twice at once like a double click) and editor
// increases with a prorated charge, in a loop, until it is killed. Before each request it writes
// its kind on stdout, so the test knows what each SIGKILL interrupted. Short random pauses around
// each gateway call and each commit widen the windows a kill can land in (attempt recorded, card
// charged, outcome not yet recorded).

const jitter = jitterUpTo(30);
/** The answers a customer may get under faults; anything else is a bug and ends the worker. */
const EXPECTED = new Set([402, 409, 502]);

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.FAULT_DATABASE_URL, max: 4 });
  const direct = drizzle(pool, { schema }) as unknown as Db;
  // A pause before each commit and after it: a kill lands inside a transaction (rolled back) or
  // between two steps of a request (the first committed, the next not begun).
  const db = new Proxy(direct, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      const transaction: Db['transaction'] = async (fn, config) => {
        const result = await target.transaction(async (tx) => {
          const value = await fn(tx);
          await jitter();
          return value;
        }, config);
        await jitter();
        return result;
      };
      return transaction;
    },
  });
  const gateway = withChargeJitter(createSandboxGateway(db), jitter);
  const deps = { db, clock: systemClock, gateway };
  const purchases = createPurchaseService({ ...deps, catalog: createCatalogService(deps) });
  const flex = Number(process.env.FAULT_PLAN_ID);

  const authOf = async (companyName: string) => {
    const [row] = await db
      .select({ person: schema.persons, organization: schema.organizations })
      .from(schema.persons)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.persons.organizationId))
      .where(eq(schema.organizations.companyName, companyName));
    return { ...row!, sessionId: 0, twoFactorSetupRequired: false };
  };
  const customers = [await authOf('Paying Co.'), await authOf('Declining Co.')];

  const item = (): PurchaseItem => ({
    description: 'Bought',
    pricingPlanId: flex,
    maxAdditionalMonthlyCharge: 0,
    xtraAutoTags: 0,
    numberMachines: 0,
    billingMode: BillingMode.Monthly,
  });

  const answered = async (request: Promise<unknown>) => {
    try {
      await request;
    } catch (error) {
      if (!(error instanceof DomainError && EXPECTED.has(error.statusCode))) throw error;
    }
  };

  async function purchase() {
    const auth = customers[Math.random() < 0.8 ? 0 : 1]!;
    const key = `fault-${randomToken(8)}`;
    const items = [item(), item()];
    const send = () =>
      answered(
        purchases.purchase(auth.organization.id, items, { idempotencyKey: key, expectedTotalCents: null }),
      );
    await Promise.all(Math.random() < 0.3 ? [send(), send()] : [send()]);
  }

  async function increase() {
    const auth = customers[Math.random() < 0.8 ? 0 : 1]!;
    const subs = await db
      .select()
      .from(schema.subscriptions)
      .where(
        and(
          eq(schema.subscriptions.organizationId, auth.organization.id),
          eq(schema.subscriptions.isActive, true),
        ),
      );
    const s = subs[Math.floor(Math.random() * subs.length)];
    if (!s) return;
    await answered(
      updateSubscription(deps, (tx) => lockForChange(tx, auth, s.id), {
        description: s.description,
        pricingPlanId: s.pricingPlanId,
        maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyChargeCents / 100,
        xtraAutoTags: s.xtraAutoTags + 1,
        numberMachines: s.numberMachines,
        version: s.version,
      }),
    );
  }

  process.stdout.write('ready\n');
  if (process.env.FAULT_WAIT_GO === '1') {
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  }
  for (;;) {
    const kind = Math.random() < 0.5 ? 'purchase' : 'proration';
    process.stdout.write(`${kind}\n`);
    await (kind === 'purchase' ? purchase() : increase());
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
