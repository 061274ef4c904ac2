import { GRACE_DAYS, graceEndOf } from './bill-rules';
import { formatLongDate } from './dates';
import type { ActivationKind, LicenseCode, SeatCount } from './schemas/licensing';

// The licensing rules engines live with (docs/design.md §5, docs/licensing.md): whether a license may run,
// when a machine's seat lapses, and the sentence that goes with each code.

const DAY_MS = 86_400_000;

/** Keygen's model: a machine silent for longer than this frees its seat (configurable, docs/design.md §5). */
export const DEFAULT_HEARTBEAT_WINDOW_DAYS = 7;

/**
 * A validation naming a machine counts as a sign of life, but is written down at most this often:
 * validations stay reads on the hot path, and engines that validate without sending heartbeats
 * (built before heartbeats existed) keep their seats.
 */
export const LAST_SEEN_REFRESH_MS = 60 * 60 * 1000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The sentence for each code, for the engine's log and the portal (codes: schemas/licensing.ts). */
export const LicensingMessages = {
  valid: 'The license is valid.',
  notFound: 'Unknown license key.',
  expired: `This license has expired: its paid period ended more than ${GRACE_DAYS} days ago without a renewal. Renew the subscription in the portal.`,
  suspended: "This license is suspended. Contact the store's support.",
  unpaid: `This license is suspended because a bill of its subscription was not paid within ${GRACE_DAYS} days. Pay it under Billing History in the portal, or contact support.`,
  cancelled: (endedOn: Date | string) =>
    `This subscription was cancelled; its license ended on ${formatLongDate(endedOn)}.`,
  noMachine: 'This machine is not activated for this license.',
  heartbeatDead: (windowDays: number) =>
    `This machine sent no heartbeat for more than ${plural(windowDays, 'day')}, so its seat was released. Activate it again.`,
  overCap:
    'The monthly overage cap of this subscription is reached; raise Max Overages in the portal or wait for the next month.',
  tooManyMachines: (kind: ActivationKind, limit: number) =>
    `All ${plural(limit, `${kind} activation`)} of this license are in use. Deactivate a machine in the portal (the License section of the subscription) or use Flush Keys to release them all, or add ${kind}s to the subscription.`,
} as const;

/** Every code but VALID: each is also a code of the API's error enum, so it can be an error answer. */
export type RefusalCode = Exclude<LicenseCode, 'VALID'>;
export type LicenseRefusal = { code: RefusalCode; message: string };

export type LicenseStandingInput = {
  isActive: boolean;
  deactivateDate: Date | null;
  isPerpetualLicense: boolean;
  nextBaseBillingDate: Date | null;
};

/**
 * Whether the license has stopped: deactivated, past a cancellation's end date, or (the billing
 * run having not renewed it) more than the grace past its paid period (docs/design.md §3: access lasts
 * 14 days past an unpaid period, then stops).
 */
export const licenseHasEnded = (s: LicenseStandingInput, now: Date): boolean =>
  !s.isActive ||
  (s.deactivateDate !== null && s.deactivateDate.getTime() <= now.getTime()) ||
  (!s.isPerpetualLicense &&
    s.nextBaseBillingDate !== null &&
    graceEndOf(s.nextBaseBillingDate).getTime() < now.getTime());

/**
 * Why an ended license stopped, most telling first: a bill left unpaid past its grace
 * (`overdueUnpaidBill`: the billing engine deactivated it), a cancellation that reached its end
 * date, a deactivation for another reason, or a paid period that lapsed without renewal.
 */
export const endedLicenseRefusal = (
  s: LicenseStandingInput,
  now: Date,
  overdueUnpaidBill: boolean,
): LicenseRefusal => {
  if (!s.isActive && overdueUnpaidBill) return { code: 'UNPAID', message: LicensingMessages.unpaid };
  if (s.deactivateDate !== null && s.deactivateDate.getTime() <= now.getTime()) {
    return { code: 'CANCELLED', message: LicensingMessages.cancelled(s.deactivateDate) };
  }
  if (!s.isActive) return { code: 'SUSPENDED', message: LicensingMessages.suspended };
  return { code: 'EXPIRED', message: LicensingMessages.expired };
};

/** A plan's own window, else the store's configured default. */
export const heartbeatWindowDays = (
  planWindowDays: number | null | undefined,
  defaultDays: number,
): number => (planWindowDays && planWindowDays > 0 ? planWindowDays : defaultDays);

/** Machines last seen before this instant hold no seat. */
export const heartbeatCutoff = (now: Date, windowDays: number): Date =>
  new Date(now.getTime() - windowDays * DAY_MS);

/** When a machine last seen at `lastSeenAt` loses its seat unless it is seen again. */
export const heartbeatDeadline = (lastSeenAt: Date, windowDays: number): Date =>
  new Date(lastSeenAt.getTime() + windowDays * DAY_MS);

/** Alive while seen within the window ("not seen for longer than the window" is dead). */
export const isMachineAlive = (lastSeenAt: Date, now: Date, windowDays: number): boolean =>
  now.getTime() <= heartbeatDeadline(lastSeenAt, windowDays).getTime();

/** Whether a validation naming an alive machine should write down that it was seen. */
export const shouldRefreshLastSeen = (lastSeenAt: Date, now: Date): boolean =>
  now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_REFRESH_MS;

const seatText = (seats: SeatCount, word: string): string | null => {
  if (seats.limit === null) return seats.used > 0 ? `${plural(seats.used, word)} (not limited)` : null;
  if (seats.limit === 0 && seats.used === 0) return null;
  return `${seats.used} of ${plural(seats.limit, word)}`;
};

/**
 * The License section's seat line: 'n of N engines, m of M designers'. A kind the plan neither
 * limits nor has in use is left out (an Artist plan runs no engines).
 */
export const machineSeatsText = (seats: { engines: SeatCount; designers: SeatCount }): string =>
  [seatText(seats.engines, 'engine'), seatText(seats.designers, 'designer')]
    .filter((part): part is string => part !== null)
    .join(', ') || 'No machines activated';

/** The portal's texts about machines (the License section of the editor). */
export const MachineMessages = {
  deactivateConfirm: (hostname: string, kind: ActivationKind) =>
    `Deactivate ${hostname}? The ${kind} loses its seat at once and stops validating; it can activate again while a seat is free.`,
  deactivated: (hostname: string) => `${hostname} was deactivated.`,
  notFound: 'Machine not found.',
  seatReleased: (windowDays: number) => `No heartbeat for ${plural(windowDays, 'day')}: seat released`,
} as const;
