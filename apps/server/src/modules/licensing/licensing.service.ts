import {
  type ActivateRequest,
  type ActivationKind,
  designerHostCount,
  type HeartbeatRequest,
  heartbeatCutoff,
  heartbeatWindowDays,
  isFloatingPlan,
  isLeaseHeld,
  isMachineAlive,
  isOverCap,
  isProPlan,
  LeaseMessages,
  LicensingMessages,
  leaseMinutesOf,
  licenseId,
  overageFigureCents,
  productLabel,
  SeatModel,
  shouldRefreshLastSeen,
  type UsageRequest,
  type ValidateRequest,
  ValidationCode,
  type ValidationResult,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import { DomainError, licenseRefused } from '../../lib/domain-error';
import type { ReadCache } from '../../lib/read-cache';
import { findSubscriptionByLicenseKey, lockSubscriptionRow, type SubscriptionRecord } from '../subscriptions';
import { entitlementsOf } from './entitlements';
import * as leases from './leases.repository';
import { LICENSE_FILE_ALG } from './license-file';
import type { SigningKeySource } from './license-keys';
import { createLicenseReads, type LicenseRead, seatsHeld } from './license-reads';
import { licenseRefusal } from './license-standing';
import { announceMachines } from './machine-events';
import * as machines from './machines.repository';
import { countLiveOfflineActivations } from './offline-activation.repository';
import { createUsageAlerts } from './usage-alerts';
import { createUsageRecording } from './usage-recording';

type Record_ = SubscriptionRecord;

type LicensingDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  log: { error: (obj: object, msg: string) => void };
  /** The key that signs offline license files, whose public halves the engines fetch. */
  signingKeys: SigningKeySource;
  /** What validations read, kept in memory (docs/decisions/021); none: always read. */
  licenses?: ReadCache<string, LicenseRead>;
};

/** Engines: numberMachines for pro plans (0 = not limited, e.g. Flex); designers: included + extra. */
export function activationLimit(record: Record_, kind: ActivationKind): number | null {
  const s = record.subscription;
  if (kind === 'engine') return isProPlan(record.plan) && s.numberMachines > 0 ? s.numberMachines : null;
  return designerHostCount(record.plan, s.xtraAutoTags);
}

/** What engines and designers call (docs/design.md §5); the contract is docs/licensing.md. */
export function createLicensingService(deps: LicensingDeps) {
  const { db, clock } = deps;
  const alerts = createUsageAlerts(deps);
  const readLicense = createLicenseReads(db, deps.licenses);
  const recordUsageFor = createUsageRecording(db);

  const windowOf = (record: Record_) =>
    heartbeatWindowDays(record.plan.heartbeatWindowDays, deps.config.heartbeatWindowDays);

  async function byKey(licenseKey: string): Promise<Record_> {
    const record = await findSubscriptionByLicenseKey(db, licenseKey);
    if (!record) throw new DomainError(ValidationCode.NotFound, LicensingMessages.notFound);
    return record;
  }

  /** The license by its key, refused (403 with the code) unless it may run now. */
  async function runningLicense(licenseKey: string): Promise<Record_> {
    const record = await byKey(licenseKey);
    const refusal = await licenseRefusal(db, record, clock.now());
    if (refusal) throw licenseRefused(refusal);
    return record;
  }

  return {
    /** The Ed25519 public keys that verify offline license files, every one still valid. */
    async publicKeys() {
      const keys = await deps.signingKeys(db);
      return {
        algorithm: 'ed25519' as const,
        alg: LICENSE_FILE_ALG,
        publicKey: keys.publicKeyPem,
        keyId: keys.keyId,
        keys: keys.published.map((k) => ({ keyId: k.keyId, publicKey: k.publicKeyPem })),
      };
    },

    /**
     * Takes a seat for the machine, up to the licensed count. Machines silent past the heartbeat
     * window hold no seat and are cleared first; the same machine again is a sign of life (200).
     */
    async activate(body: ActivateRequest) {
      const record = await runningLicense(body.licenseKey);
      if (body.kind === 'engine' && isFloatingPlan(record.plan)) {
        throw new DomainError(ValidationCode.Floating, LeaseMessages.floating);
      }
      const id = record.subscription.id;
      const window = windowOf(record);
      const limit = activationLimit(record, body.kind);
      return db.transaction(async (tx) => {
        // The subscription row lock serializes activations of one key, so the count cannot be overrun.
        await lockSubscriptionRow(tx, id);
        const now = clock.now();
        const owner = { id, organizationId: record.subscription.organizationId };
        const dead = await machines.deleteDeadMachines(tx, id, heartbeatCutoff(now, window));
        await announceMachines(tx, 'machine.released', owner, dead, window, now);
        const existing = await machines.findMachine(tx, id, body.kind, body.hostname);
        if (existing) await machines.markSeen(tx, existing.id, now);
        else if (
          limit !== null &&
          // A license file answering an activation request holds a seat like a machine (decision 040).
          (await machines.countMachines(tx, id, body.kind)) +
            (await countLiveOfflineActivations(tx, id, body.kind, now)) >=
            limit
        ) {
          throw new DomainError(
            ValidationCode.TooManyMachines,
            LicensingMessages.tooManyMachines(body.kind, limit),
          );
        }
        const row = existing
          ? { ...existing, lastSeenAt: now }
          : await machines.insertMachine(tx, {
              subscriptionId: id,
              kind: body.kind,
              hostname: body.hostname,
              now,
            });
        if (!existing) await announceMachines(tx, 'machine.activated', owner, [row], window, now);
        return {
          status: existing ? 200 : 201,
          body: {
            activated: true,
            alreadyActivated: Boolean(existing),
            licenseId: licenseId(id),
            kind: body.kind,
            hostname: body.hostname,
            machine: machines.toMachineState(row, window, now),
            entitlements: entitlementsOf(record),
          },
        };
      });
    },

    /** Keygen's heartbeat: an alive machine is seen now; a dead one must activate again. */
    async heartbeat(body: HeartbeatRequest) {
      const record = await runningLicense(body.licenseKey);
      const id = record.subscription.id;
      const window = windowOf(record);
      const now = clock.now();
      const row = await machines.touchAliveMachine(
        db,
        id,
        body.kind,
        body.hostname,
        now,
        heartbeatCutoff(now, window),
      );
      if (!row) {
        const dead = await machines.findMachine(db, id, body.kind, body.hostname);
        if (dead) {
          throw new DomainError(ValidationCode.HeartbeatDead, LicensingMessages.heartbeatDead(window));
        }
        throw new DomainError(ValidationCode.NoMachine, LicensingMessages.noMachine);
      }
      return {
        licenseId: licenseId(id),
        machine: machines.toMachineState(row, window, now),
        entitlements: entitlementsOf(record),
      };
    },

    /** Answers 200 with valid true/false and the code; only a malformed body is an error. */
    async validate(body: ValidateRequest): Promise<ValidationResult> {
      const found = await readLicense(body.licenseKey);
      if (!found) return { valid: false, code: ValidationCode.NotFound, detail: LicensingMessages.notFound };
      const { record } = found;
      const s = record.subscription;
      const now = clock.now();
      const window = windowOf(record);
      const kind = body.kind ?? 'engine';
      // A floating license's engines hold leases, not machines: they are counted and named by lease.
      const floating = isFloatingPlan(record.plan);
      const leasing = floating && kind === 'engine';
      const held = seatsHeld(found.machines, heartbeatCutoff(now, window));
      if (floating) held.engine = await leases.countLiveLeases(db, s.id, now);
      const lease = leasing && body.leaseId ? await leases.findLease(db, s.id, body.leaseId) : null;
      let named =
        body.hostname && !leasing
          ? (found.machines.find((m) => m.kind === kind && m.hostname === body.hostname) ?? null)
          : null;
      const answer = (code: ValidationResult['code'], detail: string): ValidationResult => ({
        valid: code === ValidationCode.Valid,
        code,
        detail,
        licenseId: licenseId(s.id),
        product: record.plan.product,
        productName: productLabel(record.plan.product),
        plan: record.plan.planName,
        expiry: s.deactivateDate?.toISOString() ?? null,
        limits: {
          engines: activationLimit(record, 'engine'),
          designers: activationLimit(record, 'designer'),
        },
        activations: { engines: held.engine, designers: held.designer },
        heartbeatWindowDays: window,
        entitlements: entitlementsOf(record),
        seats: floating ? SeatModel.Floating : SeatModel.NodeLocked,
        ...(floating ? { leaseMinutes: leaseMinutesOf(record.plan.leaseMinutes) } : {}),
        ...(named ? { machine: machines.toMachineState(named, window, now) } : {}),
        ...(lease ? { lease: leases.toLeaseState(lease) } : {}),
      });

      const refusal = await licenseRefusal(db, record, now);
      if (refusal) return answer(refusal.code, refusal.message);
      if (leasing && body.leaseId) {
        if (!lease) return answer(ValidationCode.NoLease, LeaseMessages.noLease);
        if (!isLeaseHeld(lease.expiresAt, now)) {
          return answer(
            ValidationCode.LeaseExpired,
            LeaseMessages.leaseExpired(leaseMinutesOf(record.plan.leaseMinutes)),
          );
        }
      } else if (body.hostname && !leasing) {
        const machine = named;
        if (!machine) return answer(ValidationCode.NoMachine, LicensingMessages.noMachine);
        if (!isMachineAlive(machine.lastSeenAt, now, window)) {
          return answer(ValidationCode.HeartbeatDead, LicensingMessages.heartbeatDead(window));
        }
        if (shouldRefreshLastSeen(machine.lastSeenAt, now)) {
          await machines.markSeen(db, machine.id, now);
          named = { ...machine, lastSeenAt: now };
        }
      }
      const overage = overageFigureCents({
        accruedRtusThisMonth: s.accruedRtusThisMonth,
        billedRtusThisMonth: s.billedRtusThisMonth,
        annualUsageReset: s.annualUsageReset,
        baseRtus: record.plan.baseRtus,
        overagePerRtuMicros: record.plan.overagePerRtuMicros,
        overageChargesPaidThisMonthCents: s.overageChargesPaidThisMonthCents,
      });
      // docs/design.md §2: over the cap nothing more is billed and engines stop until next month or a higher cap.
      const overCap = isOverCap({
        figureCents: overage,
        overagePerRtuMicros: record.plan.overagePerRtuMicros,
        maxAdditionalMonthlyChargeCents: s.maxAdditionalMonthlyChargeCents,
      });
      if (overCap) return answer(ValidationCode.OverCap, LicensingMessages.overCap);
      return answer(ValidationCode.Valid, LicensingMessages.valid);
    },

    /**
     * Usage reports, single or batched (docs/design.md §5), then the meter's alerts the new counters make
     * due (usage-alerts.ts).
     */
    async recordUsage(body: UsageRequest) {
      const record = await runningLicense(body.licenseKey);
      const { counters, ...result } = await recordUsageFor(record.subscription.id, body.reports);
      if (counters) await alerts.afterUsage(record, counters);
      return result;
    },
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;
