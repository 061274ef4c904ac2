import { reachedAlertLevels, type UsageAlertLevel, usageMeter } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { enqueueMail } from '../../mail/outbox';
import { usageAlertMail } from '../../mail/usage-alert-mail';
import { billingContacts } from '../bills';
import type { SubscriptionRecord, UsageCounters } from '../subscriptions';
import { recordEvent } from '../webhooks';
import { recordAlerts } from './usage.repository';

// The usage meter's alert mails (docs/design.md §5): at 80 % and 100 % of the included RTUs and when the
// cap stops usage, each once per usage cycle, to the organization's admins. This is the one place
// that decides an alert is due, records it and sends it.

type AlertDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  log: { error: (obj: object, msg: string) => void };
};

/** A cycle is named by the day its counters reset; a subscription without one has a single cycle. */
const cycleEndOf = (counters: UsageCounters) =>
  counters.nextOverageBillingDate ? counters.nextOverageBillingDate.toISOString().slice(0, 10) : '1970-01-01';

/**
 * Creates the alerter for one app. Recorded levels are remembered in the process as well, so the hot
 * path of usage reports asks the database only when a level is reached that this process has not
 * seen recorded; the database's primary key keeps it to once across processes.
 */
export function createUsageAlerts(deps: AlertDeps) {
  const seen = new Set<string>();
  const MAX_REMEMBERED = 50_000;

  return {
    /** After usage was added: sends what the new counters make due. Never fails the usage report. */
    async afterUsage(record: SubscriptionRecord, counters: UsageCounters): Promise<void> {
      const meter = usageMeter({
        ...counters,
        baseRtus: record.plan.baseRtus,
        overagePerRtuMicros: record.plan.overagePerRtuMicros,
      });
      const cycleEnd = cycleEndOf(counters);
      const key = (level: UsageAlertLevel) => `${record.subscription.id}|${cycleEnd}|${level}`;
      const due = reachedAlertLevels(meter).filter((level) => !seen.has(key(level)));
      if (due.length === 0) return;
      try {
        // The alert is recorded and its mails written together: recorded means mailed (decision 018).
        await deps.db.transaction(async (tx) => {
          const now = deps.clock.now();
          const recorded = await recordAlerts(tx, record.subscription.id, cycleEnd, due, now);
          const reached = due.filter((l) => recorded.includes(l));
          // Webhooks hear of every level reached, in the order reached (docs/design.md §5a).
          const s = record.subscription;
          for (const level of reached) {
            await recordEvent(
              tx,
              s.organizationId,
              'usage.threshold_reached',
              {
                subscriptionId: s.id,
                description: s.description,
                level,
                cycleEnd: counters.nextOverageBillingDate?.toISOString() ?? null,
                meter,
              },
              { subscriptionId: s.id, at: now },
            );
          }
          // Several levels reached by one report: one mail, the one that says the most.
          const level = reached.at(-1);
          if (!level) return;
          for (const to of await billingContacts(tx, record.subscription.organizationId)) {
            await enqueueMail(
              tx,
              usageAlertMail({
                publicUrl: deps.config.publicUrl,
                to,
                level,
                meter,
                subscriptionId: record.subscription.id,
                subscriptionName: record.subscription.description,
                companyName: record.owner.companyName,
                overagePerRtuMicros: record.plan.overagePerRtuMicros,
                cycleEnd: counters.nextOverageBillingDate,
              }),
            );
          }
        });
        if (seen.size > MAX_REMEMBERED) seen.clear();
        for (const level of due) seen.add(key(level));
      } catch (error) {
        // The usage is recorded whatever happens to the mail; the log tells the operator.
        deps.log.error({ err: error, subscriptionId: record.subscription.id }, 'usage alert not recorded');
      }
    },
  };
}

export type UsageAlerts = ReturnType<typeof createUsageAlerts>;
