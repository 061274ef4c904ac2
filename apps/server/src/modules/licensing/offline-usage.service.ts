import {
  addMonthsClamped,
  lateOverageCents,
  OfflineActivationMessages,
  type UsageFile,
  type UsageFileResult,
  UsagePayloadSchema,
  type UsageReport,
  usageMonthName,
} from '@store/core';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, DomainError } from '../../lib/domain-error';
import { announceUsageChanged, lockSubscriptionRow, type SubscriptionRecord } from '../subscriptions';
import * as offline from './offline-activation.repository';
import { type OfflineActivationDeps, ownSubscription } from './offline-activation.service';
import { tellUsageAccepted } from './offline-activity';
import { usageKeyOf, usageSignatureHolds } from './offline-file-keys';
import { insertReports } from './usage.repository';
import { createUsageRecording } from './usage-recording';

/** The payload's fileId, read before the signature is checked (it says which key checks it). */
function namedFileId(enc: string): string {
  let head: unknown;
  try {
    head = JSON.parse(Buffer.from(enc, 'base64').toString('utf8'));
  } catch {
    throw badRequest(OfflineActivationMessages.usageNotJson, 'usageFile.enc');
  }
  const fileId = (head as { fileId?: unknown } | null)?.fileId;
  if (typeof fileId !== 'string') throw badRequest(OfflineActivationMessages.usageNotJson, 'usageFile.enc');
  return fileId;
}

/** A month of usage that was already billed: its bounds and the reports that fall in it. */
type LateMonth = { start: Date; end: Date; reports: UsageReport[] };

/**
 * Splits reports into the running usage month's (counted like online usage) and earlier months'
 * (already billed). An annual-reset plan's allowance is the usage year's, which the running counter
 * carries, so its late reports count with the running month's.
 */
function byUsageMonth(record: SubscriptionRecord, reports: UsageReport[]) {
  const s = record.subscription;
  const monthEnd = s.nextOverageBillingDate;
  if (!monthEnd || s.annualUsageReset) return { current: reports, late: [] as LateMonth[] };
  const startOf = (k: number) => addMonthsClamped(monthEnd, -k, s.anchorDay);
  const currentStart = startOf(1);
  const current: UsageReport[] = [];
  const late = new Map<number, LateMonth>();
  for (const r of reports) {
    const t = new Date(r.time).getTime();
    if (t >= currentStart.getTime()) {
      current.push(r);
      continue;
    }
    let k = 2;
    while (startOf(k).getTime() > t) k++;
    const month = late.get(k) ?? { start: startOf(k), end: startOf(k - 1), reports: [] };
    month.reports.push(r);
    late.set(k, month);
  }
  return { current, late: [...late.values()].sort((a, b) => a.start.getTime() - b.start.getTime()) };
}

/**
 * Usage from offline sites (docs/decisions/040): an administrator uploads the usage file an offline
 * engine wrote, signed with its license file's usage key. Each report counts once by its transaction
 * id, as online; usage of the running month counts like online usage, and usage of a month already
 * billed adds that month's overage to the next overage bill, on a line naming the month.
 */
export function createOfflineUsageService(deps: OfflineActivationDeps) {
  const { db, clock } = deps;
  const recordUsageFor = createUsageRecording(db);

  async function recordLateMonth(record: SubscriptionRecord, month: LateMonth) {
    const s = record.subscription;
    return db.transaction(async (tx) => {
      await lockSubscriptionRow(tx, s.id);
      const counted = await offline.rtusReportedBetween(tx, s.id, month.start, month.end);
      const inserted = await insertReports(tx, s.id, month.reports);
      const amountCents = lateOverageCents({
        countedRtus: counted,
        lateRtus: inserted.pages,
        baseRtus: record.plan.baseRtus,
        overagePerRtuMicros: record.plan.overagePerRtuMicros,
        maxAdditionalMonthlyChargeCents: s.maxAdditionalMonthlyChargeCents,
      });
      if (amountCents > 0) {
        await offline.insertLateOverage(tx, {
          subscriptionId: s.id,
          monthStart: month.start,
          rtus: inserted.pages,
          amountCents,
          now: clock.now(),
        });
      }
      return { ...inserted, amountCents };
    });
  }

  return {
    async upload(auth: AuthContext, subscriptionId: number, file: UsageFile): Promise<UsageFileResult> {
      const record = await ownSubscription(deps, auth, subscriptionId);
      const id = record.subscription.id;
      const row = await offline.findOfflineActivation(db, id, namedFileId(file.enc));
      if (!row) throw new DomainError('UNKNOWN_LICENSE_FILE', OfflineActivationMessages.unknownFile);
      if (!usageSignatureHolds(usageKeyOf(await deps.serverKey(), row.id), file.enc, file.sig)) {
        throw new DomainError('USAGE_FILE_TAMPERED', OfflineActivationMessages.tampered);
      }
      const parsed = UsagePayloadSchema.safeParse(
        JSON.parse(Buffer.from(file.enc, 'base64').toString('utf8')),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, ['usageFile', ...issue.path].join('.'));
      }
      if (parsed.data.fingerprint !== row.fingerprint) {
        throw new DomainError('FINGERPRINT_MISMATCH', OfflineActivationMessages.fingerprintMismatch);
      }
      const { current, late } = byUsageMonth(record, parsed.data.reports);
      let accepted = 0;
      let pages = 0;
      if (current.length > 0) {
        const counted = await recordUsageFor(id, current);
        accepted += counted.accepted;
        pages += counted.pages;
      }
      const lateMonths: UsageFileResult['lateMonths'] = [];
      for (const month of late) {
        const counted = await recordLateMonth(record, month);
        accepted += counted.accepted;
        pages += counted.pages;
        if (counted.pages > 0) {
          lateMonths.push({
            month: usageMonthName(month.start),
            rtus: counted.pages,
            amountCents: counted.amountCents,
          });
        }
      }
      if (late.length > 0) await announceUsageChanged(db, [id]);
      const answered: UsageFileResult = {
        fileId: row.id,
        hostname: row.hostname,
        accepted,
        duplicates: parsed.data.reports.length - accepted,
        pages,
        lateMonths,
      };
      // Told once the reports are counted: counting spans a transaction per usage month, so the
      // entry says what all of them counted.
      await db.transaction((tx) => tellUsageAccepted(tx, record.subscription, answered));
      return answered;
    },
  };
}

export type OfflineUsageService = ReturnType<typeof createOfflineUsageService>;
