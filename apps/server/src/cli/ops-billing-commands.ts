import { billMentionFirst, formatLongDate, formatUsd, GRACE_DAYS } from '@store/core';
import { composeBilling } from '../compose-billing';
import {
  createBillCollections,
  describeOutstandingBills,
  readDemoClockOffset,
  reconcile,
  writeDemoClockOffset,
} from '../modules/billing';
import { createCatalogService } from '../modules/catalog';
import { createOfflineLicenseService } from '../modules/licensing';
import { type OpsContext, type Parsed, positiveInt } from './ops-args';
import { OpsError } from './ops-error';

const DAY_MS = 86_400_000;

/** Billing and the demo clock (docs/design.md §3); null for a command of another group. */
export async function runBillingCommand(p: Parsed, ctx: OpsContext): Promise<number | null> {
  const { db, out } = ctx;
  switch (p.command) {
    case 'billing:run': {
      const { engine } = composeBilling({
        db,
        clock: ctx.clock,
        gateway: await ctx.gateway(),
        publicUrl: ctx.publicUrl,
        licensing: createOfflineLicenseService({ signingKeys: ctx.signingKeys }),
        catalog: createCatalogService({ db }),
      });
      const { counts } = await engine.runRecorded('operator');
      out(`Billing cycle at ${ctx.clock.now().toISOString()}:`);
      out(
        `  renewed ${counts.renewed}, overage bills ${counts.overageBilled}, invoices ${counts.invoiced}, charges ${counts.chargeAttempts} (paid ${counts.paid}, declined ${counts.declined}, unknown ${counts.unknown}, settled after a crash ${counts.recovered})`,
      );
      out(
        `  un-paid after ${GRACE_DAYS} days ${counts.unpaid} (subscriptions deactivated ${counts.deactivated}), cancelled subscriptions ended ${counts.ended}`,
      );
      return 0;
    }

    case 'reconcile': {
      const sinceText = p.options.get('since');
      const since = sinceText ? new Date(sinceText) : null;
      if (since && Number.isNaN(since.getTime())) {
        throw new OpsError(`--since takes a date, e.g. --since 2026-11-01, not '${sinceText}'.`);
      }
      const differences = await reconcile(db, await ctx.gateway(), { since, now: ctx.clock.now() });
      for (const line of differences) out(line);
      out(
        differences.length === 0
          ? 'The gateway and the bills agree.'
          : `${differences.length} difference${differences.length === 1 ? '' : 's'} between the gateway and the bills.`,
      );
      return differences.length === 0 ? 0 : 1;
    }

    case 'bills:past-due': {
      const lines = await describeOutstandingBills(db);
      if (lines.length === 0) out('No bills are waiting for money.');
      for (const line of lines) out(line);
      return 0;
    }

    case 'invoice:paid': {
      const orderId = positiveInt(p.args[0], 'The bill number');
      const collections = createBillCollections({
        db,
        clock: ctx.clock,
        licensing: createOfflineLicenseService({ signingKeys: ctx.signingKeys }),
      });
      const { after: bill } = await collections.recordPayment(orderId, p.options.get('reference') ?? null);
      out(
        `${billMentionFirst({ orderId: bill.id, invoiceNumber: bill.invoiceNumber })} (${formatUsd(bill.totalCents)}) is marked paid on ${formatLongDate(bill.paidAt!)}.`,
      );
      return 0;
    }

    case 'clock:show':
    case 'clock:advance':
    case 'clock:set':
    case 'clock:reset': {
      if (ctx.mode !== 'demo')
        throw new OpsError('The demo clock exists only in demo mode (DEMO=1 or no DATABASE_URL).');
      let offset = await readDemoClockOffset(db);
      if (p.command === 'clock:advance') {
        const days = Number(p.args[0]);
        if (p.args[0] === undefined || !Number.isFinite(days) || days <= 0) {
          throw new OpsError(
            `clock:advance takes a number of days greater than 0${p.args[0] ? `, not '${p.args[0]}'` : ''}, e.g. clock:advance 30`,
          );
        }
        offset += Math.round(days * DAY_MS);
        await writeDemoClockOffset(db, offset);
      } else if (p.command === 'clock:set') {
        const target = new Date(p.args[0] ?? '');
        if (!p.args[0] || Number.isNaN(target.getTime()))
          throw new OpsError('clock:set takes an ISO date, e.g. clock:set 2027-01-31T12:00:00Z');
        offset = target.getTime() - Date.now();
        await writeDemoClockOffset(db, offset);
      } else if (p.command === 'clock:reset') {
        offset = 0;
        await writeDemoClockOffset(db, 0);
      }
      out(
        `Demo clock: ${new Date(Date.now() + offset).toISOString()} (${(offset / DAY_MS).toFixed(2)} days ahead of real time).`,
      );
      if (p.command !== 'clock:show')
        out('Running servers follow at their next billing interval; run billing:run to bill now.');
      return 0;
    }

    default:
      return null;
  }
}
