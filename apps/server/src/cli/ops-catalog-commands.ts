import { readFile, writeFile } from 'node:fs/promises';
import { formatUsd, moneyField, toCents } from '@store/core';
import { z } from 'zod/mini';
import { createCatalogService, planFields } from '../modules/catalog';
import { type OpsContext, type Parsed, positiveInt } from './ops-args';
import { OpsError } from './ops-error';

const describeIssues = (error: z.core.$ZodError) =>
  error.issues
    .slice(0, 10)
    .map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`)
    .join('\n');

/** The catalogue for scripts: what the console's Catalogue screen does (docs/operator.md). */
export async function runCatalogCommand(p: Parsed, ctx: OpsContext): Promise<number | null> {
  const { db, out } = ctx;
  const catalog = createCatalogService({ db });
  switch (p.command) {
    case 'catalog:import': {
      const path = p.args[0];
      if (!path) throw new OpsError('Give the file: catalog:import <file.json>');
      let json: unknown;
      try {
        json = JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        throw new OpsError(`Cannot read ${path} as JSON: ${(error as Error).message}`);
      }
      try {
        const r = await catalog.importCatalog(json);
        out(
          `Imported ${path}: products added ${r.productsAdded}, updated ${r.productsUpdated}; plans added ${r.plansAdded}, updated ${r.plansUpdated}.`,
        );
      } catch (error) {
        if (error instanceof z.core.$ZodError) {
          throw new OpsError(
            `${path} is not a catalogue file; nothing was imported:\n${describeIssues(error)}`,
          );
        }
        throw error;
      }
      return 0;
    }

    case 'catalog:export': {
      const text = `${JSON.stringify(await catalog.exportCatalog(), null, 2)}\n`;
      if (p.args[0]) {
        await writeFile(p.args[0], text);
        out(`Wrote the catalogue to ${p.args[0]}.`);
      } else out(text.trimEnd());
      return 0;
    }

    case 'catalog:list': {
      const { products } = await catalog.overview();
      for (const product of products) {
        out(`${product.productName} (${product.product})${product.isAvailable ? '' : ' [unavailable]'}`);
        for (const plan of product.plans) {
          out(
            `  plan ${plan.pricingPlanId}  ${plan.planName}  ${formatUsd(toCents(plan.monthlyFee))}/month${plan.isAvailable ? '' : '  [unavailable]'}  subscribers ${plan.subscriberCount}`,
          );
        }
      }
      if (products.length === 0)
        out('The catalogue is empty. Import one with: npm run ops -- catalog:import <file.json>');
      return 0;
    }

    case 'catalog:plan-available':
    case 'catalog:plan-unavailable': {
      const planId = positiveInt(p.args[0], 'The plan id');
      const available = p.command === 'catalog:plan-available';
      const plan = await catalog.setPlanAvailable(planId, available);
      out(
        available
          ? `Plan ${plan.id} '${plan.planName}' is on sale again.`
          : `Plan ${plan.id} '${plan.planName}' is no longer sold; its subscribers keep it (shown '(Grandfathered)').`,
      );
      return 0;
    }

    case 'catalog:plan-price': {
      const planId = positiveInt(p.args[0], 'The plan id');
      const parsed = moneyField('The monthly fee').safeParse(Number(p.args[1]));
      if (p.args[1] === undefined || !parsed.success) {
        throw new OpsError(
          'catalog:plan-price takes the plan id and the monthly fee in dollars, e.g. catalog:plan-price 3 275.00',
        );
      }
      const plan = await catalog.findPlan(planId);
      const saved = await catalog.updatePlan(planId, {
        product: plan.product,
        ...planFields(plan),
        monthlyFee: parsed.data,
      });
      out(
        `Plan ${planId} '${plan.planName}' now costs ${formatUsd(saved.plan.monthlyFeeCents)} a month for new purchases; ${saved.subscribersAtNextRenewal} subscription(s) take the new price at their next renewal.`,
      );
      return 0;
    }

    default:
      return null;
  }
}
