import {
  type ActivateRequest,
  designerHostCount,
  isOverCap,
  isProPlan,
  licenseId,
  overageFigureCents,
  productLabel,
  type UsageRequest,
  type ValidateRequest,
  ValidationCode,
} from '@store/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { machineActivations } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import * as subscriptionsRepo from '../subscriptions/subscriptions.repository';

type Record_ = subscriptionsRepo.SubscriptionRecord;

/** Keygen-style refusal: a status, a machine-readable code and a sentence for the engine's log. */
const refuse = (status: number, code: HttpError['code'], message: string) =>
  new HttpError(status, message, code);

const MESSAGES = {
  notFound: 'Unknown license key.',
  suspended: 'This license is no longer active. Renew or reactivate the subscription in the portal.',
  expired: 'This license has expired.',
  noMachine: 'This machine is not activated for this license.',
  overCap:
    'The monthly overage cap of this subscription is reached; raise Max Overages in the portal or wait for the next month.',
  tooMany: (kind: string, limit: number) =>
    `All ${limit} ${kind} activation${limit === 1 ? '' : 's'} of this license are in use. Use Flush Keys in the portal to release them, or add ${kind}s to the subscription.`,
};

/** Whether a license may run now: active, and not past its deactivate date (access lasts until then). */
function licenseState(
  record: Record_,
  now: Date,
): { ok: true } | { ok: false; code: HttpError['code']; message: string } {
  const s = record.subscription;
  if (!s.isActive) return { ok: false, code: ValidationCode.Suspended, message: MESSAGES.suspended };
  if (s.deactivateDate && s.deactivateDate.getTime() <= now.getTime()) {
    return { ok: false, code: ValidationCode.Expired, message: MESSAGES.expired };
  }
  return { ok: true };
}

/** Engines: numberMachines for pro plans (0 = not limited, e.g. Flex); designers: included + extra. */
export function activationLimit(record: Record_, kind: 'engine' | 'designer'): number | null {
  const s = record.subscription;
  if (kind === 'engine') return isProPlan(record.plan) && s.numberMachines > 0 ? s.numberMachines : null;
  return designerHostCount(record.plan, s.xtraAutoTags);
}

export function createLicensingService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function byKey(licenseKey: string): Promise<Record_> {
    const record = await subscriptionsRepo.findByLicenseKey(db, licenseKey);
    if (!record) throw refuse(404, ValidationCode.NotFound, MESSAGES.notFound);
    return record;
  }

  async function activationCounts(subscriptionId: number) {
    const rows = await db
      .select({ kind: machineActivations.kind, n: count() })
      .from(machineActivations)
      .where(eq(machineActivations.subscriptionId, subscriptionId))
      .groupBy(machineActivations.kind);
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return { engines: of('engine'), designers: of('designer') };
  }

  return {
    async activate(body: ActivateRequest) {
      const record = await byKey(body.licenseKey);
      const state = licenseState(record, clock.now());
      if (!state.ok) throw refuse(403, state.code, state.message);
      const limit = activationLimit(record, body.kind);
      const id = record.subscription.id;
      return db.transaction(async (tx) => {
        // The subscription row lock serializes activations of one key, so the count cannot be overrun.
        await subscriptionsRepo.lockSubscription(tx, id);
        const existing = await tx
          .select({ id: machineActivations.id, activatedAt: machineActivations.activatedAt })
          .from(machineActivations)
          .where(
            and(
              eq(machineActivations.subscriptionId, id),
              eq(machineActivations.kind, body.kind),
              eq(machineActivations.hostname, body.hostname),
            ),
          );
        if (existing[0]) {
          return {
            status: 200,
            body: {
              activated: true,
              alreadyActivated: true,
              licenseId: licenseId(id),
              kind: body.kind,
              hostname: body.hostname,
            },
          };
        }
        if (limit !== null) {
          const [used] = await tx
            .select({ n: count() })
            .from(machineActivations)
            .where(and(eq(machineActivations.subscriptionId, id), eq(machineActivations.kind, body.kind)));
          if (Number(used?.n ?? 0) >= limit)
            throw refuse(409, ValidationCode.TooManyMachines, MESSAGES.tooMany(body.kind, limit));
        }
        await tx
          .insert(machineActivations)
          .values({ subscriptionId: id, kind: body.kind, hostname: body.hostname, activatedAt: clock.now() })
          .onConflictDoNothing();
        return {
          status: 201,
          body: {
            activated: true,
            alreadyActivated: false,
            licenseId: licenseId(id),
            kind: body.kind,
            hostname: body.hostname,
          },
        };
      });
    },

    /** Answers 200 with valid true/false and Keygen's code; only a malformed body is an error. */
    async validate(body: ValidateRequest) {
      const record = await subscriptionsRepo.findByLicenseKey(db, body.licenseKey);
      if (!record) return { valid: false, code: ValidationCode.NotFound, detail: MESSAGES.notFound };
      const s = record.subscription;
      const now = clock.now();
      const summary = {
        licenseId: licenseId(s.id),
        product: record.plan.product,
        productName: productLabel(record.plan.product),
        plan: record.plan.planName,
        expiry: s.deactivateDate?.toISOString() ?? null,
        limits: {
          engines: activationLimit(record, 'engine'),
          designers: activationLimit(record, 'designer'),
        },
        activations: await activationCounts(s.id),
      };
      const state = licenseState(record, now);
      if (!state.ok) return { valid: false, code: state.code, detail: state.message, ...summary };
      if (body.hostname) {
        const kind = body.kind ?? 'engine';
        const rows = await db
          .select({ id: machineActivations.id })
          .from(machineActivations)
          .where(
            and(
              eq(machineActivations.subscriptionId, s.id),
              eq(machineActivations.kind, kind),
              eq(machineActivations.hostname, body.hostname),
            ),
          );
        if (!rows[0])
          return { valid: false, code: ValidationCode.NoMachine, detail: MESSAGES.noMachine, ...summary };
      }
      const overage = overageFigureCents({
        accruedRtusThisMonth: s.accruedRtusThisMonth,
        billedRtusThisMonth: s.billedRtusThisMonth,
        annualUsageReset: s.annualUsageReset,
        baseRtus: record.plan.baseRtus,
        overagePerRtuMicros: record.plan.overagePerRtuMicros,
        overageChargesPaidThisMonthCents: s.overageChargesPaidThisMonthCents,
      });
      // DESIGN.md §2: over the cap nothing more is billed and engines stop until next month or a higher cap.
      if (
        isOverCap({
          figureCents: overage,
          overagePerRtuMicros: record.plan.overagePerRtuMicros,
          maxAdditionalMonthlyChargeCents: s.maxAdditionalMonthlyChargeCents,
        })
      ) {
        return { valid: false, code: ValidationCode.OverCap, detail: MESSAGES.overCap, ...summary };
      }
      return { valid: true, code: ValidationCode.Valid, detail: 'The license is valid.', ...summary };
    },

    /**
     * Usage reports, single or batched (DESIGN.md §5). In one transaction under the subscription's row
     * lock: new transaction ids are inserted (repeats are ignored by the unique index), and only what
     * was inserted is added to the daily per-host rollups and to accruedRtusThisMonth.
     */
    async recordUsage(body: UsageRequest) {
      const record = await byKey(body.licenseKey);
      const state = licenseState(record, clock.now());
      if (!state.ok) throw refuse(403, state.code, state.message);
      return recordUsageFor(db, record.subscription.id, body.reports);
    },
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;

/** The one rollup path: the API and the benchmark both go through it. */
export async function recordUsageFor(
  db: Db,
  subscriptionId: number,
  reports: { transactionId: string; hostname: string; pages: number; time: string }[],
): Promise<{ accepted: number; duplicates: number; pages: number }> {
  const json = JSON.stringify(
    reports.map((r) => ({
      transaction_id: r.transactionId,
      hostname: r.hostname,
      pages: r.pages,
      reported_at: r.time,
    })),
  );
  const run = async (tx: DbOrTx) => {
    await subscriptionsRepo.lockSubscription(tx, subscriptionId);
    const rows = await queryRows<{ accepted: number; pages: string | number }>(
      tx,
      sql`WITH input AS (
            SELECT DISTINCT ON (transaction_id) transaction_id, hostname, pages, reported_at
            FROM jsonb_to_recordset(${json}::jsonb)
              AS r(transaction_id text, hostname text, pages int, reported_at timestamptz)
            ORDER BY transaction_id
          ),
          ins AS (
            INSERT INTO usage_reports (subscription_id, transaction_id, hostname, pages, reported_at)
            SELECT ${subscriptionId}, transaction_id, hostname, pages, reported_at FROM input
            ON CONFLICT (subscription_id, transaction_id) DO NOTHING
            RETURNING hostname, pages, reported_at
          ),
          agg AS (
            SELECT hostname, (reported_at AT TIME ZONE 'UTC')::date AS day, sum(pages)::bigint AS pages
            FROM ins GROUP BY 1, 2 ORDER BY 2, 1
          ),
          up AS (
            INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
            SELECT ${subscriptionId}, hostname, day, pages FROM agg
            ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = usage_rollups.pages + excluded.pages
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM ins)::int AS accepted,
                 (SELECT coalesce(sum(pages), 0) FROM ins)::bigint AS pages,
                 (SELECT count(*) FROM up)::int AS rollups`,
    );
    const accepted = Number(rows[0]?.accepted ?? 0);
    const pages = Number(rows[0]?.pages ?? 0);
    // The month's counter is the subscriptions module's, written in this same transaction.
    await subscriptionsRepo.addAccruedRtus(tx, subscriptionId, pages);
    return { accepted, duplicates: reports.length - accepted, pages };
  };
  return db.transaction((tx) => run(tx));
}
